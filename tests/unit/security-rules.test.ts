import { describe, expect, it } from 'vitest';
import { safeRedirect } from '~/lib/safe-redirect';
import { resolveClientAddress } from '~/lib/server/users/session/guards';
import { isUnsafeText, unsafeTextErrors } from '~/lib/server/http';

describe('safeRedirect: only paths of this site, parsed the way browsers do', () => {
  it.each([
    '//evil.example/x',
    '/\t/evil.example/x',
    '/\n/evil.example/x',
    '/\r\n/evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '\\\\evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    ' //evil.example',
    '\t//evil.example',
    'https://evil.example/x',
    'http:evil.example',
    'javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/login',
    '/logout?x=1',
    '',
  ])('sends %j home', (value) => {
    expect(safeRedirect(value)).toBe('/');
  });

  it('keeps a path of ours, re-serialised', () => {
    expect(safeRedirect('/settings/notifications?tab=mail#top')).toBe('/settings/notifications?tab=mail#top');
    expect(safeRedirect('/campaign/12/new')).toBe('/campaign/12/new');
    // An encoded slash stays a character of the path on this site.
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeRedirect('/a/../b')).toBe('/b');
    expect(safeRedirect(null, '/admin')).toBe('/admin');
    expect(safeRedirect(42, '/admin')).toBe('/admin');
  });
});

describe('resolveClientAddress: the rightmost X-Forwarded-For entry that is not a trusted proxy', () => {
  const none = { kind: 'none' } as const;
  const one = { kind: 'hops', hops: 1 } as const;
  const two = { kind: 'hops', hops: 2 } as const;
  const list = { kind: 'addresses' as const, list: ['10.0.0.0/8', '192.168.1.5', 'fd00::/8'] };

  it('ignores the header unless proxies are trusted', () => {
    expect(resolveClientAddress('203.0.113.9', '1.1.1.1', none)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', null, one)).toBe('203.0.113.9');
  });

  it('counts hops from the right, so a client-written leftmost entry proves nothing', () => {
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7', one)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7, 10.0.0.3', two)).toBe('198.51.100.7');
    expect(resolveClientAddress('10.0.0.2', '198.51.100.7', two)).toBe('198.51.100.7');
  });

  it('walks past trusted addresses and ranges', () => {
    expect(resolveClientAddress('10.1.2.3', '6.6.6.6, 198.51.100.7, 192.168.1.5', list)).toBe('198.51.100.7');
    expect(resolveClientAddress('203.0.113.50', '6.6.6.6', list)).toBe('203.0.113.50');
    expect(resolveClientAddress('fd00::1', '2001:db8::7', list)).toBe('2001:db8::7');
    expect(resolveClientAddress('10.1.2.3', '[2001:db8::7]:443, 198.51.100.7:1234', list)).toBe('198.51.100.7');
  });
});

describe('unsafe text', () => {
  it('finds NUL and unpaired surrogates, not paired ones', () => {
    expect(isUnsafeText('a\u0000b')).toBe(true);
    expect(isUnsafeText('\ud800x')).toBe(true);
    expect(isUnsafeText('x\udc00')).toBe(true);
    expect(isUnsafeText('💩 ok\ttab\nline')).toBe(false);
    expect(unsafeTextErrors({ a: { b: ['ok', 'n\u0000'] } })).toEqual({ 'a.b.1': ['The a.b.1 field contains characters that are not allowed.'] });
  });
});
