/** The episode editor's artwork, transcript and chapters fields (their current file, a replacement, or removal). */
import { useId, useState } from 'react';
import { FieldError, type FieldErrors } from '../../components/FieldError';
import Uploader from '../uploader/Uploader';
import { ARTWORK_MAX_FILE_BYTES } from '../../lib/constants';

export interface TextFileValue {
  filename: string;
  content: string;
}

/** undefined: unchanged; null: removed; a value: the new file. */
export type Change<T> = T | null | undefined;

export function ArtworkPicker({
  current,
  value,
  onChange,
  onProcessingChange,
  errors,
}: {
  current: string | null;
  value: Change<number>;
  onChange: (v: Change<number>) => void;
  onProcessingChange: (busy: boolean) => void;
  errors: FieldErrors | null;
}) {
  const shown = value === null ? null : current;
  return (
    <div className="hosting-artwork">
      {shown ? (
        <img src={shown} alt="Episode artwork" width={96} height={96} className="hosting-artwork__image" />
      ) : (
        <span className="hosting-artwork__image hosting-artwork__image--empty">Show artwork</span>
      )}
      <div className="cp-field hosting-artwork__upload">
        <Uploader
          label="Episode artwork (optional)"
          maxFiles={1}
          maxFileSize={ARTWORK_MAX_FILE_BYTES}
          allowedTypes={['png', 'jpeg']}
          onChange={(list) => onChange(list[0]?.id ?? undefined)}
          onProcessingChange={onProcessingChange}
        />
        {current && value !== null && (
          <button type="button" className="cp-button cp-button--link" onClick={() => onChange(null)}>
            Use the show artwork instead
          </button>
        )}
        <FieldError errors={errors} field="artwork_file_id" />
      </div>
    </div>
  );
}

/** A small text file read in the browser and sent with the form (transcript or chapters). */
export function TextFilePicker({
  label,
  name,
  accept,
  hint,
  current,
  value,
  onChange,
  errors,
}: {
  label: string;
  name: 'transcript' | 'chapters';
  accept: string;
  hint: string;
  current: string | null;
  value: Change<TextFileValue>;
  onChange: (v: Change<TextFileValue>) => void;
  errors: FieldErrors | null;
}) {
  const id = useId();
  const [readError, setReadError] = useState<string | null>(null);
  const pick = async (file: File | undefined) => {
    setReadError(null);
    if (!file) return onChange(undefined);
    if (file.size > 1024 * 1024) {
      setReadError('The file may not be larger than 1 MB.');
      return onChange(undefined);
    }
    onChange({ filename: file.name, content: await file.text() });
  };
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      {/* The native input is hidden; the button-styled label opens it and takes its focus ring. */}
      <div className="hosting-file-pick">
        <input
          id={id}
          name={name}
          type="file"
          accept={accept}
          className="cp-sr-only"
          onChange={(e) => void pick(e.target.files?.[0])}
          aria-describedby={`${id}-hint`}
        />
        <label htmlFor={id} className="cp-button cp-pointer">
          {value ? 'Choose another file' : 'Choose a file'}
        </label>
        <span className="cp-small cp-muted">{value ? value.filename : 'No file chosen'}</span>
      </div>
      <p id={`${id}-hint`} className="cp-muted hosting-hint">
        {hint}
      </p>
      {current && value === undefined && (
        <p className="hosting-current-file">
          <a href={current} target="_blank" rel="noreferrer">
            Current {name === 'transcript' ? 'transcript' : 'chapters file'}
          </a>{' '}
          <button type="button" className="cp-button cp-button--link cp-button--danger" onClick={() => onChange(null)}>
            Remove
          </button>
        </p>
      )}
      {value === null && <p className="cp-muted">The {name === 'transcript' ? 'transcript' : 'chapters file'} is removed when you save.</p>}
      {readError && <p className="cp-field-error">{readError}</p>}
      <FieldError errors={errors} field={name} />
    </div>
  );
}
