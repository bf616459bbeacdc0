import { describe, expect, it } from 'vitest';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { canConfirm, confirmWordLabel, CONFIRM_WORD_PLACEHOLDER } from '~/lib/rules/confirm-word';
import { fieldErrorsOf, firstError } from '~/lib/rules/field-errors';
import { iconNames, icons, iconSvg, isIconName } from '~/components/icons';
import { FieldError } from '~/components/FieldError';
import { Toaster } from '~/components/Toaster';
import { Icon } from '~/components/Icon';

describe('confirmation dialog word (core §5)', () => {
  it('labels the input and uses the placeholder', () => {
    expect(confirmWordLabel('MIGRATION')).toBe('Type "MIGRATION" to confirm');
    expect(CONFIRM_WORD_PLACEHOLDER).toBe('Enter word');
  });
  it('keeps Confirm disabled until the exact word is typed', () => {
    expect(canConfirm('MIGRATION', '')).toBe(false);
    expect(canConfirm('MIGRATION', 'MIGRATIO')).toBe(false);
    expect(canConfirm('MIGRATION', 'migration')).toBe(false);
    expect(canConfirm('MIGRATION', ' MIGRATION')).toBe(false);
    expect(canConfirm('MIGRATION', 'MIGRATION')).toBe(true);
  });
  it('is enabled when no word is required', () => {
    expect(canConfirm(undefined, '')).toBe(true);
    expect(canConfirm('', 'x')).toBe(true);
  });
});

describe('server field errors: first message per field (core §8)', () => {
  const errors = { email: ['The email is taken.', 'The email is invalid.'], name: [] as string[], code: 'Bad code.' };
  it('returns the first message', () => {
    expect(firstError(errors, 'email')).toBe('The email is taken.');
    expect(firstError(errors, 'code')).toBe('Bad code.');
    expect(firstError(errors, 'name')).toBeUndefined();
    expect(firstError(errors, 'missing')).toBeUndefined();
    expect(firstError(null, 'email')).toBeUndefined();
  });
  it('reads errors from a 422 body or an error carrying it as data', () => {
    expect(fieldErrorsOf({ message: 'x', errors: { a: ['1'], b: '2' } })).toEqual({ a: ['1'], b: ['2'] });
    expect(fieldErrorsOf({ data: { errors: { a: ['1'] } } })).toEqual({ a: ['1'] });
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });
  it('renders under the field with role=alert', () => {
    const html = renderToStaticMarkup(createElement(FieldError, { errors, field: 'email', id: 'e1' }));
    expect(html).toBe('<p class="cp-field-error" id="e1" role="alert">The email is taken.</p>');
    expect(renderToStaticMarkup(createElement(FieldError, { errors, field: 'name' }))).toBe('');
  });
});

describe('icons', () => {
  const needed = [
    'menu',
    'close',
    'bell',
    'search',
    'chevron-down',
    'chevron-up',
    'chevron-left',
    'chevron-right',
    'user',
    'settings',
    'logout',
    'help',
    'chat',
    'campaigns',
    'workrooms',
    'check-circle',
    'completed-ads',
    'hires',
    'dashboard',
    'episodes',
    'platforms',
    'feed',
    'reports',
    'apply',
    'mic',
    'podcast',
    'star',
    'star-filled',
    'upload',
    'file',
    'play',
    'pause',
    'copy',
    'external-link',
    'info',
    'warning',
    'error',
    'plus',
    'trash',
    'edit',
    'calendar',
    'lock',
    'mail',
    'dollar',
    'hosted',
    'eye',
    'eye-off',
  ];
  it('registers every icon the app needs', () => {
    for (const n of needed) expect(isIconName(n), n).toBe(true);
    expect(iconNames).toHaveLength(Object.keys(icons).length);
    expect(isIconName('toString')).toBe(false);
  });
  it('renders decorative or labelled SVG', () => {
    expect(iconSvg('bell')).toContain('aria-hidden="true"');
    expect(iconSvg('bell', 16, 'Notifications')).toContain('aria-label="Notifications"');
    const html = renderToStaticMarkup(createElement(Icon, { name: 'star', title: 'Star' }));
    expect(html).toContain('role="img"');
    expect(html).toContain('viewBox="0 0 24 24"');
  });
});

describe('Toaster', () => {
  it('renders the bottom-left live region', () => {
    const html = renderToStaticMarkup(createElement(Toaster));
    expect(html).toContain('class="cp-toaster cp-toaster--page"');
    expect(html).toContain('aria-live="polite"');
  });
});

describe('dialog widths 600 default, 620 confirmation, 700 startup popup (core §9)', async () => {
  const { Dialog } = await import('~/components/Dialog');
  const { ConfirmDialog } = await import('~/components/ConfirmDialog');
  const { DIALOG_WIDTH_STARTUP_POPUP } = await import('~/lib/constants');
  const noop = () => {};
  it('defaults to 600', () => {
    const html = renderToStaticMarkup(createElement(Dialog, { open: false, onClose: noop, title: 'T' }));
    expect(html).toContain('--cp-dialog-width:600px');
    expect(html).toMatch(/^<dialog/);
  });
  it('confirmation is 620', () => {
    const html = renderToStaticMarkup(createElement(ConfirmDialog, { open: false, title: 'T', onConfirm: noop, onCancel: noop }));
    expect(html).toContain('--cp-dialog-width:620px');
  });
  it('startup popup passes 700', () => {
    const html = renderToStaticMarkup(createElement(Dialog, { open: false, onClose: noop, title: 'T', width: DIALOG_WIDTH_STARTUP_POPUP }));
    expect(html).toContain('--cp-dialog-width:700px');
  });
});
