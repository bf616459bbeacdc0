import { previewKind } from '../lib/rules/media';
import { truncateFileName } from '../lib/format/files';
import { Icon } from './Icon';
import '../styles/kit.css';

export interface FilePreviewProps {
  file: { url: string; mime: string; original_name: string };
}

/**
 * A file's preview (core §9): images (png, gif, jpeg, svg+xml, tiff, webp) inline, PDFs in a frame (opened on demand), the
 * media player for m3u8, mp4, mp3, m4a, opus, aac and ogg, anything else as a download link.
 */
export function FilePreview({ file }: FilePreviewProps) {
  const kind = previewKind({ mime: file.mime, name: file.original_name, url: file.url });
  const name = truncateFileName(file.original_name);
  if (kind === 'image') return <img className="cp-preview cp-preview--image" src={file.url} alt={name} loading="lazy" />;
  if (kind === 'pdf') {
    // The frame opens on demand: the browser's PDF viewer takes the keyboard focus when it loads, so a
    // PDF arriving in a thread would otherwise swallow what the reader is typing. (Lazy inside a closed
    // <details>, it does not load until opened; no script needed.)
    return (
      <details className="cp-preview cp-preview--pdf-card">
        <summary>
          <Icon name="file" size={18} /> {name} <span className="cp-preview__action">Preview</span>
        </summary>
        <iframe className="cp-preview cp-preview--pdf" src={file.url} title={name} loading="lazy" />
        <a className="cp-preview--file" href={`${file.url}?download=1`}>
          Download {name}
        </a>
      </details>
    );
  }
  if (kind === 'media') {
    return (
      <video className="cp-preview cp-preview--media" src={file.url} controls preload="metadata" aria-label={name}>
        <a href={file.url}>{name}</a>
      </video>
    );
  }
  return (
    <a className="cp-preview cp-preview--file" href={`${file.url}?download=1`}>
      <Icon name="file" size={18} /> {name}
    </a>
  );
}
