/**
 * The uploader (core §4, §5, §8, §9): pick or drop files; each item goes added → uploading (with
 * progress) → success (uploaded, removable) or error (red, the server's message or the supported-types
 * fallback). At most 10 files, 500 MB each, allowed types shown as pdf, mp3, mp4, png, jpeg. A 401 or
 * 'Unauthenticated' sends the user to the root page.
 */
import { useEffect, useId, useImperativeHandle, useMemo, useRef, useState, type DragEvent, type Ref } from 'react';
import Uppy, { type Meta, type UppyFile } from '@uppy/core';
import { Icon } from '../../components/Icon';
import { UPLOAD_ALLOWED_TYPES_DISPLAY, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_FILES } from '../../lib/constants';
import { truncateFileName } from '../../lib/format/files';
import { isProcessing, isUnauthenticatedUpload, type UploadItemState, uploadHint } from '../../lib/rules/uploads';
import { toast } from '../../lib/stores/toasts';
import type { FilePayload } from '../../lib/types';
import { ChunkedUpload, type UploadBody } from './chunked-upload';
import { StorageNotice } from './StorageNotice';
import './uploader.css';

export interface UploaderProps {
  /** Label above the drop zone. */
  label?: string;
  maxFiles?: number;
  maxFileSize?: number;
  /** Extensions accepted and displayed. */
  allowedTypes?: readonly string[];
  /** Called with every uploaded file whenever the list changes. */
  onChange?: (files: FilePayload[]) => void;
  /** Called when the processing flag (any upload running) changes. */
  onProcessingChange?: (processing: boolean) => void;
  /** Hides the drop zone (files come through the handle, e.g. the editor's Attach); the list still shows. */
  compact?: boolean;
  /** Lets a screen add files picked elsewhere and clear the list after it used them. */
  ref?: Ref<UploaderHandle>;
}

export interface UploaderHandle {
  /** Adds files as if they were picked here (the restrictions apply). */
  addFiles(files: File[]): void;
  /** Removes every item (after a screen sent what was uploaded). */
  clear(): void;
  /** Opens the file picker. */
  browse(): void;
}

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  state: UploadItemState;
  percent: number;
  error: string | null;
  file: FilePayload | null;
}

type UploadUppyFile = UppyFile<Meta, UploadBody>;

/** The item view of an Uppy file. */
export function itemOf(file: UploadUppyFile): UploadItem {
  const body = file.response?.body as UploadBody | undefined;
  const state: UploadItemState = file.error ? 'error' : file.progress.uploadComplete ? 'success' : file.progress.uploadStarted ? 'uploading' : 'added';
  const total = file.progress.bytesTotal || file.size || 0;
  const percent = state === 'success' ? 100 : total ? Math.floor(((file.progress.bytesUploaded || 0) / total) * 100) : 0;
  return { id: file.id, name: file.name ?? 'file', size: file.size ?? 0, state, percent, error: file.error ?? null, file: body?.data ?? null };
}

function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}

export function Uploader({
  label = 'Attachments',
  maxFiles = UPLOAD_MAX_FILES,
  maxFileSize = UPLOAD_MAX_FILE_BYTES,
  allowedTypes = UPLOAD_ALLOWED_TYPES_DISPLAY,
  onChange,
  onProcessingChange,
  compact = false,
  ref,
}: UploaderProps) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [dragging, setDragging] = useState(false);
  const callbacks = useRef({ onChange, onProcessingChange });
  callbacks.current = { onChange, onProcessingChange };

  const uppy = useMemo(
    () =>
      new Uppy<Meta, UploadBody>({ autoProceed: true, allowMultipleUploadBatches: true, restrictions: { maxNumberOfFiles: maxFiles, maxFileSize } }).use(
        ChunkedUpload,
        { allowedTypes },
      ),
    // One Uppy per mounted uploader.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  useEffect(() => {
    const sync = () => setItems(uppy.getFiles().map(itemOf));
    const onError = (_file: unknown, error: { message: string; details?: string }) => {
      if (isUnauthenticatedUpload(Number(error.details) || null, error.message)) window.location.assign('/');
    };
    const onRestriction = (_file: unknown, error: Error) => toast.error(error.message);
    uppy.on('state-update', sync);
    uppy.on('upload-error', onError);
    uppy.on('restriction-failed', onRestriction);
    return () => {
      uppy.off('state-update', sync);
      uppy.off('upload-error', onError);
      uppy.off('restriction-failed', onRestriction);
      uppy.destroy();
    };
  }, [uppy]);

  const processing = isProcessing(items.map((i) => i.state));
  const uploadedKey = items
    .filter((i) => i.file)
    .map((i) => i.file!.id)
    .join(',');
  useEffect(() => {
    callbacks.current.onProcessingChange?.(processing);
  }, [processing]);
  useEffect(() => {
    callbacks.current.onChange?.(items.flatMap((i) => (i.file ? [i.file] : [])));
  }, [uploadedKey]); // eslint-disable-line react-hooks/exhaustive-deps

  const addAll = (list: File[]) => {
    try {
      uppy.addFiles(list.map((f) => ({ name: f.name, type: f.type, data: f, source: 'Local' })));
    } catch {
      // A restriction failure is already shown as a toast (restriction-failed).
    }
  };
  const add = (list: FileList | null) => {
    if (!list) return;
    addAll(Array.from(list));
    if (inputRef.current) inputRef.current.value = '';
  };
  useImperativeHandle(ref, () => ({
    addFiles: addAll,
    clear: () => uppy.getFiles().forEach((f) => uppy.removeFile(f.id)),
    browse: () => inputRef.current?.click(),
  }));
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    add(e.dataTransfer.files);
  };

  const accept = allowedTypes.map((t) => `.${t}`).join(',') + (allowedTypes.includes('jpeg') ? ',.jpg' : '');
  return (
    <div className={`cp-uploader${compact ? ' cp-uploader--compact' : ''}`} aria-busy={processing}>
      <label className={compact ? 'cp-sr-only' : 'cp-field__label'} htmlFor={inputId}>
        {label}
      </label>
      <div
        hidden={compact}
        className={`cp-uploader__zone${dragging ? ' cp-uploader__zone--over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <Icon name="upload" size={24} />
        <span>
          Drop files here or{' '}
          <button type="button" className="cp-button cp-button--link" onClick={() => inputRef.current?.click()}>
            browse
          </button>
        </span>
        <span id={hintId} className="cp-field__hint">
          {uploadHint(allowedTypes, maxFileSize, maxFiles)}
        </span>
        <input
          id={inputId}
          ref={inputRef}
          type="file"
          multiple={maxFiles > 1}
          accept={accept}
          className="cp-sr-only"
          aria-describedby={hintId}
          onChange={(e) => add(e.target.files)}
        />
      </div>
      {!compact && <StorageNotice refreshKey={uploadedKey} />}
      {processing && (
        <p className="cp-uploader__processing" role="status">
          Uploading…
        </p>
      )}
      {items.length > 0 && (
        <ul className="cp-uploader__list" aria-label="Uploads">
          {items.map((item) => (
            <li key={item.id} className={`cp-uploader__item cp-uploader__item--${item.state}`} data-state={item.state}>
              <Icon name={item.state === 'success' ? 'check-circle' : item.state === 'error' ? 'error' : 'file'} size={18} />
              <div className="cp-uploader__body">
                <span className="cp-uploader__name" title={item.name}>
                  {item.file ? (
                    <a href={item.file.url} target="_blank" rel="noreferrer">
                      {truncateFileName(item.name)}
                    </a>
                  ) : (
                    truncateFileName(item.name)
                  )}
                </span>
                <span className="cp-uploader__meta">
                  {formatSize(item.size)}
                  {item.state === 'uploading' && ` · ${item.percent}%`}
                  {item.state === 'success' && ' · Uploaded'}
                </span>
                {item.state === 'uploading' && (
                  <progress className="cp-uploader__progress" max={100} value={item.percent} aria-label={`Uploading ${item.name}`}>
                    {item.percent}%
                  </progress>
                )}
                {item.state === 'error' && (
                  <span className="cp-uploader__error" role="alert">
                    {item.error}
                  </span>
                )}
              </div>
              {item.state !== 'uploading' && (
                <button type="button" className="cp-icon-button" aria-label={`Remove ${item.name}`} onClick={() => uppy.removeFile(item.id)}>
                  <Icon name="close" size={16} />
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default Uploader;
