/** The demo's generated covers (src/lib/server/seed/artwork.ts): initials and a palette of each name's own. */
import { describe, expect, it } from 'vitest';
import { coverArgs, initialsOf } from '../../src/lib/server/seed/artwork';

describe('demo artwork', () => {
  it('takes the initials of the first two words that carry the name', () => {
    expect(initialsOf('Second Wind Running')).toBe('SW');
    expect(initialsOf('The Ledger & Latte')).toBe('LL');
    expect(initialsOf('Trailhead Coffee Co.')).toBe('TC');
    expect(initialsOf('Ölberg')).toBe('Ö');
  });

  it('paints one name the same way every time and two names differently', () => {
    const args = (name: string) => coverArgs(name, '/tmp/out.jpg', '/tmp', undefined, false).join(' ');
    expect(args('Backcountry Kitchen')).toBe(args('Backcountry Kitchen'));
    expect(args('Backcountry Kitchen')).not.toBe(args('Northwind Bikes'));
    // Without a font the cover is the pattern alone; with one, the initials and the title are drawn from files (no escaping).
    expect(args('Northwind Bikes')).not.toContain('drawtext');
    expect(coverArgs('Northwind Bikes', '/tmp/out.jpg', '/tmp', '/f.ttf', true).join(' ')).toMatch(
      /drawtext=fontfile=\/f\.ttf:textfile=\/tmp\/initials\.txt.*textfile=\/tmp\/title\.txt/,
    );
  });
});
