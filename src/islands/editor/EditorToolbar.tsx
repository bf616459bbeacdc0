/**
 * The rich-text editor's toolbar (issue 37): icon buttons, each named for assistive technology (aria-label)
 * and for the pointer (title), so the row fits a 375 px phone; a link button in every editor (show notes
 * included) that opens a small address field under the row.
 */
import { useId, useRef, useState } from 'react';
import type { Editor } from '@tiptap/react';
import { Icon, type IconName } from '../../components/Icon';
import { type EditorFeatures, linkHref } from '../../lib/rules/editor';

export interface ToolbarState {
  bold: boolean;
  italic: boolean;
  underline: boolean;
  h2: boolean;
  bullet: boolean;
  ordered: boolean;
  quote: boolean;
  link: boolean;
}

interface Props {
  editor: Editor | null;
  label: string;
  features: EditorFeatures;
  state: ToolbarState | null;
  source: boolean;
  onSource: () => void;
  onAttach: () => void;
}

export function EditorToolbar({ editor, label, features, state, source, onSource, onAttach }: Props) {
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const fieldRef = useRef<HTMLInputElement>(null);
  const chain = () => editor!.chain().focus();

  const tool = (name: string, icon: IconName, active: boolean | undefined, run: () => void, extra: { disabled?: boolean; pressed?: boolean } = {}) => (
    <button
      type="button"
      className="cp-editor__tool"
      aria-label={name}
      title={name}
      aria-pressed={extra.pressed === false ? undefined : !!active}
      disabled={extra.disabled ?? (!editor || source)}
      onMouseDown={(e) => e.preventDefault()}
      onClick={run}
    >
      <Icon name={icon} size={18} />
    </button>
  );

  const openLink = () => {
    if (!editor) return;
    setAddress((editor.getAttributes('link').href as string | undefined) ?? '');
    setError(null);
    setLinking(true);
    setTimeout(() => fieldRef.current?.focus(), 0);
  };
  const applyLink = () => {
    const href = linkHref(address);
    if (!href) {
      setError('Enter a web address such as example.com/page, or an email address.');
      return;
    }
    const range = chain().extendMarkRange('link');
    // With nothing selected the address itself becomes the linked text.
    if (editor!.state.selection.empty && !editor!.isActive('link'))
      range.insertContent({ type: 'text', text: address.trim(), marks: [{ type: 'link', attrs: { href } }] }).run();
    else range.setLink({ href }).run();
    setLinking(false);
  };
  const removeLink = () => {
    chain().extendMarkRange('link').unsetLink().run();
    setLinking(false);
  };

  return (
    <>
      <div className="cp-editor__toolbar" role="toolbar" aria-label={`${label} formatting`}>
        {features.bold && tool('Bold', 'bold', state?.bold, () => chain().toggleBold().run())}
        {features.italic && tool('Italic', 'italic', state?.italic, () => chain().toggleItalic().run())}
        {features.underline && tool('Underline', 'underline', state?.underline, () => chain().toggleUnderline().run())}
        {features.heading && tool('Heading', 'heading', state?.h2, () => chain().toggleHeading({ level: 2 }).run())}
        {features.lists && tool('Bullet list', 'list', state?.bullet, () => chain().toggleBulletList().run())}
        {features.lists && tool('Numbered list', 'list-ordered', state?.ordered, () => chain().toggleOrderedList().run())}
        {features.blockquote && tool('Quote', 'quote', state?.quote, () => chain().toggleBlockquote().run())}
        {features.link && tool('Link', 'link', state?.link || linking, () => (linking ? setLinking(false) : openLink()))}
        {features.attach && tool('Attach', 'paperclip', false, onAttach, { disabled: source, pressed: false })}
        <span className="cp-editor__spacer" />
        {tool('View source', 'code', source, onSource, { disabled: false })}
      </div>
      {linking && (
        <div className="cp-editor__link">
          <label htmlFor={fieldId} className="cp-sr-only">
            Link address
          </label>
          <input
            id={fieldId}
            ref={fieldRef}
            className="cp-input cp-editor__link-input"
            type="url"
            inputMode="url"
            placeholder="Link address, e.g. example.com/page"
            value={address}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${fieldId}-error` : undefined}
            onChange={(e) => setAddress(e.target.value)}
            onKeyDown={(e) => {
              // Enter applies the link; it must not submit the form the editor sits in.
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') {
                e.preventDefault();
                setLinking(false);
                editor?.commands.focus();
              }
            }}
          />
          <button type="button" className="cp-button cp-button--primary" onClick={applyLink}>
            Apply
          </button>
          {state?.link && (
            <button type="button" className="cp-button" onClick={removeLink}>
              Remove link
            </button>
          )}
          {error && (
            <p id={`${fieldId}-error`} className="cp-field-error cp-editor__link-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </>
  );
}
