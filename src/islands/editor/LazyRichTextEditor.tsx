/**
 * The rich-text editor as its own chunk: TipTap (about 110 KB compressed) loads right after the
 * screen that holds it has hydrated, not with it, so the workroom paints and answers first. Until it
 * arrives a frame of the editor's own size holds its place (no layout shift); same props.
 */
import { lazy, Suspense, useEffect } from 'react';
import type { RichTextEditorProps } from './RichTextEditor';
import './editor.css';

const load = () => import('./RichTextEditor');
const RichTextEditor = lazy(load);

function EditorPlaceholder({ label, variant = 'default' }: Pick<RichTextEditorProps, 'label' | 'variant'>) {
  return (
    <div className={`cp-editor cp-editor--${variant}`} aria-busy="true">
      <span className="cp-field__label">{label}</span>
      <div className="cp-editor__frame">
        <div className="cp-editor__toolbar cp-editor__toolbar--loading" />
        <div className="cp-editor__content cp-editor__content--loading">Loading the editor…</div>
      </div>
      <div className="cp-editor__footer" />
    </div>
  );
}

/** RichTextEditor, loaded after hydration. */
export default function LazyRichTextEditor(props: RichTextEditorProps) {
  useEffect(() => void load(), []);
  return (
    <Suspense fallback={<EditorPlaceholder label={props.label} variant={props.variant} />}>
      <RichTextEditor {...props} />
    </Suspense>
  );
}
