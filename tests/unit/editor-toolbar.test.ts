/** The editor toolbar (issue 37): icon buttons named for assistive technology, and a link in every editor. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EditorToolbar } from '~/islands/editor/EditorToolbar';
import { editorFeatures, linkHref } from '~/lib/rules/editor';

const toolbar = (variant: 'default' | 'feed-description', attach = false) =>
  renderToStaticMarkup(
    createElement(EditorToolbar, {
      editor: null,
      label: 'Show notes',
      features: editorFeatures(variant, attach),
      state: null,
      source: false,
      onSource: () => {},
      onAttach: () => {},
    }),
  );

describe('the editor toolbar', () => {
  it('has a link button in every editor, show notes included', () => {
    expect(editorFeatures('feed-description').link).toBe(true);
    expect(editorFeatures('default').link).toBe(true);
    expect(toolbar('feed-description')).toContain('aria-label="Link"');
  });

  it('shows icons, each button named by aria-label, never a row of words', () => {
    const html = toolbar('default', true);
    const buttons = [...html.matchAll(/<button[^>]*aria-label="([^"]+)"[^>]*>(.*?)<\/button>/g)];
    expect(buttons.map((b) => b[1])).toEqual([
      'Bold',
      'Italic',
      'Underline',
      'Heading',
      'Bullet list',
      'Numbered list',
      'Quote',
      'Link',
      'Attach',
      'View source',
    ]);
    for (const [, , inner = ''] of buttons) {
      expect(inner).toMatch(/^<svg[^>]*aria-hidden="true"/);
      expect(inner.replace(/<[^>]+>/g, '')).toBe('');
    }
  });
});

describe('a typed link address', () => {
  it('becomes an https, http or mailto address, or nothing', () => {
    expect(linkHref('cuepoint.test/help')).toBe('https://cuepoint.test/help');
    expect(linkHref(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(linkHref('http://example.com')).toBe('http://example.com/');
    expect(linkHref('hello@example.com')).toBe('mailto:hello@example.com');
    expect(linkHref('mailto:hello@example.com')).toBe('mailto:hello@example.com');
    expect(linkHref('javascript:alert(1)')).toBeNull();
    expect(linkHref('not a link')).toBeNull();
    expect(linkHref('localhost')).toBeNull();
    expect(linkHref('')).toBeNull();
  });
});
