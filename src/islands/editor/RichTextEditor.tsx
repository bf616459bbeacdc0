/**
 * The rich-text editor (core §4, §5) on TipTap 3: a 'length/max' counter that turns red past the
 * maximum without blocking input; pasted or dropped images go inline (image/* except bmp, which becomes
 * an attachment), uploaded as a blob first and through by-url if that fails, silently removed when both
 * fail; `code` and ``` shortcuts; the feed-description variant (underline and simple blocks only) and
 * the default one (no strike, code or file tools; underline; optional Attach); a view-source toggle to
 * a read-only plain-text view; and an 'uploads in progress' signal.
 */
import { pageStyleNonce } from '../../lib/client-config';
import { useEffect, useId, useRef, useState } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Extension } from '@tiptap/core';
import StarterKit from '@tiptap/starter-kit';
import Image from '@tiptap/extension-image';
import { CharacterCount, Placeholder } from '@tiptap/extensions';
import { counterText, editorFeatures, isInlineImage, isOverLimit, type EditorVariant } from '../../lib/rules/editor';
import { uploadBlob, uploadByUrl } from '../uploader/upload-file';
import { EditorToolbar } from './EditorToolbar';
import './editor.css';

export interface RichTextEditorProps {
  label: string;
  /** Initial HTML. */
  value?: string;
  onChange?: (html: string) => void;
  variant?: EditorVariant;
  /** The counter's maximum; no counter without it. */
  max?: number;
  placeholder?: string;
  /** Show the Attach action (default variant only). */
  attach?: boolean;
  /** Files to attach: from Attach, and bmp images (not inline). */
  onAttach?: (files: File[]) => void;
  /** Whether inline uploads are running. */
  onUploadingChange?: (uploading: boolean) => void;
}

const InlineImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      'data-file-id': { default: null },
      'data-upload-id': { default: null, renderHTML: () => ({}) },
    };
  },
});

/** Tab does nothing in lists where nesting is not allowed (feed descriptions). */
const NoNesting = Extension.create({
  name: 'noNesting',
  priority: 1000,
  addKeyboardShortcuts() {
    return { Tab: () => this.editor.isActive('listItem'), 'Shift-Tab': () => false };
  },
});

let uploadCounter = 0;

function findImage(editor: Editor, uploadId: string): { pos: number; size: number; attrs: Record<string, unknown> } | null {
  let found: { pos: number; size: number; attrs: Record<string, unknown> } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === 'image' && node.attrs['data-upload-id'] === uploadId) found = { pos, size: node.nodeSize, attrs: node.attrs };
    return !found;
  });
  return found;
}

export function RichTextEditor({
  label,
  value = '',
  onChange,
  variant = 'default',
  max,
  placeholder,
  attach = false,
  onAttach,
  onUploadingChange,
}: RichTextEditorProps) {
  const features = editorFeatures(variant, attach);
  const labelId = useId();
  const counterId = useId();
  const attachRef = useRef<HTMLInputElement>(null);
  const [source, setSource] = useState(false);
  const [uploading, setUploading] = useState(0);
  const callbacks = useRef({ onChange, onAttach, onUploadingChange });
  callbacks.current = { onChange, onAttach, onUploadingChange };
  const editorRef = useRef<Editor | null>(null);

  /** Inserts each image inline and uploads it; bmp and other files go to onAttach. */
  const takeFiles = (files: File[], sourceUrl: string | null, at?: number): boolean => {
    const editor = editorRef.current;
    if (!editor || files.length === 0) return false;
    const inline = files.filter((f) => isInlineImage(f.type));
    const others = files.filter((f) => !isInlineImage(f.type));
    if (others.length) callbacks.current.onAttach?.(others);
    for (const file of inline) {
      const uploadId = `u${++uploadCounter}`;
      const preview = URL.createObjectURL(file);
      const node = { type: 'image', attrs: { src: preview, alt: file.name, 'data-upload-id': uploadId } };
      if (typeof at === 'number') editor.chain().insertContentAt(at, node).run();
      else editor.chain().focus().insertContent(node).run();
      setUploading((n) => n + 1);
      void (async () => {
        let id: number | null = null;
        try {
          id = await uploadBlob(file, file.name || 'pasted-image.png');
        } catch {
          if (sourceUrl) id = await uploadByUrl(sourceUrl).catch(() => null);
        }
        const current = editorRef.current;
        const target = current && !current.isDestroyed ? findImage(current, uploadId) : null;
        if (current && target) {
          const tr = current.state.tr;
          // A failed inline upload silently removes the image (core §4, §8).
          if (id === null) tr.delete(target.pos, target.pos + target.size);
          else tr.setNodeMarkup(target.pos, undefined, { ...target.attrs, src: `/api/file/${id}`, 'data-file-id': String(id), 'data-upload-id': null });
          current.view.dispatch(tr);
        }
        URL.revokeObjectURL(preview);
        setUploading((n) => n - 1);
      })();
    }
    return inline.length > 0 || others.length > 0;
  };

  const editor = useEditor({
    immediatelyRender: false,
    // TipTap adds a <style> element; the page's CSP admits it by this nonce.
    injectNonce: pageStyleNonce(),
    content: value,
    extensions: [
      StarterKit.configure({
        bold: features.bold ? {} : false,
        italic: features.italic ? {} : false,
        strike: false,
        // `code` and ``` input rules stay in the default editor; the feed description has no code at all.
        code: variant === 'feed-description' ? false : {},
        codeBlock: variant === 'feed-description' ? false : {},
        heading: features.heading ? { levels: [2, 3] } : false,
        blockquote: features.blockquote ? {} : false,
        horizontalRule: variant === 'feed-description' ? false : {},
        link: { openOnClick: false, autolink: true, protocols: ['http', 'https', 'mailto'] },
      }),
      ...(variant === 'feed-description' ? [NoNesting] : [InlineImage.configure({ inline: false, allowBase64: false })]),
      CharacterCount.configure({ limit: null }),
      Placeholder.configure({ placeholder: placeholder ?? '' }),
    ],
    editorProps: {
      attributes: {
        'aria-labelledby': labelId,
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'cp-editor__content',
        ...(max ? { 'aria-describedby': counterId } : {}),
      },
      handlePaste: (_view, event) => {
        if (variant === 'feed-description') return false;
        const files = Array.from(event.clipboardData?.files ?? []);
        if (!files.length) return false;
        const html = event.clipboardData?.getData('text/html') ?? '';
        const src = /<img[^>]+src="(https?:[^"]+)"/i.exec(html)?.[1] ?? null;
        return takeFiles(files, src);
      },
      handleDrop: (view, event) => {
        if (variant === 'feed-description') return false;
        const files = Array.from((event as DragEvent).dataTransfer?.files ?? []);
        if (!files.length) return false;
        event.preventDefault();
        const at = view.posAtCoords({ left: (event as DragEvent).clientX, top: (event as DragEvent).clientY })?.pos;
        return takeFiles(files, null, at);
      },
    },
    onUpdate: ({ editor: e }) => callbacks.current.onChange?.(e.getHTML()),
    // An empty transaction once the editor exists makes the counter read the initial content, not 0.
    onCreate: ({ editor: e }) => e.view.dispatch(e.state.tr),
  });
  editorRef.current = editor;

  useEffect(() => {
    callbacks.current.onUploadingChange?.(uploading > 0);
  }, [uploading]);

  const ui = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            chars: (e.storage as { characterCount?: { characters(): number } }).characterCount?.characters() ?? e.getText().length,
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            h2: e.isActive('heading', { level: 2 }),
            bullet: e.isActive('bulletList'),
            ordered: e.isActive('orderedList'),
            quote: e.isActive('blockquote'),
            link: e.isActive('link'),
            html: e.getHTML(),
          }
        : null,
  });

  // Read from the editor itself as well: the selector has no state until the first transaction, so initial content would count 0.
  const chars =
    ui?.chars ?? (editor ? ((editor.storage as { characterCount?: { characters(): number } }).characterCount?.characters() ?? editor.getText().length) : 0);
  const over = isOverLimit(chars, max);

  return (
    <div className={`cp-editor cp-editor--${variant}`} data-uploading={uploading > 0 ? 'true' : 'false'}>
      <span id={labelId} className="cp-field__label">
        {label}
      </span>
      <div className="cp-editor__frame">
        <EditorToolbar
          editor={editor}
          label={label}
          features={features}
          state={ui}
          source={source}
          onSource={() => setSource((v) => !v)}
          onAttach={() => attachRef.current?.click()}
        />
        {features.attach && (
          <input
            ref={attachRef}
            type="file"
            multiple
            hidden
            onChange={(e) => {
              callbacks.current.onAttach?.(Array.from(e.target.files ?? []));
              e.target.value = '';
            }}
          />
        )}
        <div hidden={source}>
          <EditorContent editor={editor} />
        </div>
        {source && <textarea className="cp-editor__source" readOnly aria-label={`${label} source`} value={ui?.html ?? ''} rows={8} />}
      </div>
      <div className="cp-editor__footer">
        {uploading > 0 && (
          <span className="cp-editor__uploading" role="status">
            Uploading images…
          </span>
        )}
        {max !== undefined && (
          <span id={counterId} className={`cp-editor__counter${over ? ' cp-editor__counter--over' : ''}`} data-over={over}>
            {counterText(chars, max)}
          </span>
        )}
      </div>
    </div>
  );
}

export default RichTextEditor;
