/** Parts of the Feed Settings form: a labelled select, the Apple category pair and the show artwork. */
import { useId, type ReactNode } from 'react';
import { FieldError, type FieldErrors } from '../../components/FieldError';
import { APPLE_CATEGORIES } from '../../lib/apple-categories';
import Uploader from '../uploader/Uploader';
import { ARTWORK_MAX_FILE_BYTES } from '../../lib/constants';

export function SelectField({
  label,
  name,
  value,
  onChange,
  errors,
  children,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (v: string) => void;
  errors: FieldErrors | null;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="cp-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        name={name}
        className="cp-input"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errors?.[name] ? true : undefined}
      >
        {children}
      </select>
      <FieldError errors={errors} field={name} />
    </div>
  );
}

/** Category and subcategory as Apple lists them; the subcategory list follows the category. */
export function CategoryPair({
  category,
  subcategory,
  onChange,
  errors,
}: {
  category: string;
  subcategory: string | null;
  onChange: (category: string, subcategory: string | null) => void;
  errors: FieldErrors | null;
}) {
  const subs = APPLE_CATEGORIES[category] ?? [];
  return (
    <div className="hosting-form-row">
      <SelectField label="Category" name="category" value={category} onChange={(v) => onChange(v, null)} errors={errors}>
        <option value="">Choose a category</option>
        {Object.keys(APPLE_CATEGORIES).map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </SelectField>
      <SelectField label="Subcategory" name="subcategory" value={subcategory ?? ''} onChange={(v) => onChange(category, v || null)} errors={errors}>
        <option value="">{subs.length ? 'None' : 'No subcategories'}</option>
        {subs.map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </SelectField>
    </div>
  );
}

/** The show's artwork and the uploader that replaces it. */
export function ArtworkField({
  current,
  onUploaded,
  onProcessingChange,
  errors,
}: {
  current: string | null;
  onUploaded: (fileId: number | null) => void;
  onProcessingChange: (busy: boolean) => void;
  errors: FieldErrors | null;
}) {
  return (
    <div className="hosting-artwork">
      {current ? (
        <img src={current} alt="Current show artwork" width={120} height={120} className="hosting-artwork__image" />
      ) : (
        <span className="hosting-artwork__image hosting-artwork__image--empty">No artwork</span>
      )}
      <div className="cp-field hosting-artwork__upload">
        <Uploader
          label="Replace artwork"
          maxFiles={1}
          maxFileSize={ARTWORK_MAX_FILE_BYTES}
          allowedTypes={['png', 'jpeg']}
          onChange={(list) => onUploaded(list[0]?.id ?? null)}
          onProcessingChange={onProcessingChange}
        />
        <p className="cp-muted">Square PNG or JPEG, 1400 to 3000 pixels wide, as Apple Podcasts asks.</p>
        <FieldError errors={errors} field="artwork_file_id" />
      </div>
    </div>
  );
}
