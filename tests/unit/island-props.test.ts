// An island's props as Astro serializes them into the page: the text must stay exactly what the browser's
// island loader reads (this pinned Astro's own serializer when patches/astro changed it; issue 35 dropped
// that patch, and the form is upstream's).
import { describe, expect, it } from 'vitest';
import { serializeProps as serialize } from 'astro/runtime/server/serialize.js';

/** Astro's island metadata: only the names its error messages use matter here. */
const serializeProps = (props: object, metadata: object) => serialize(props as never, metadata as never);

describe("an island's props as Astro sends them", () => {
  it('keeps the typed form: values, JSON, dates, maps, sets, own __proto__ keys', () => {
    const props = JSON.parse('{"__proto__": 1}');
    Object.assign(props, {
      name: 'Morning Brew',
      at: new Date('2026-11-25T10:00:00Z'),
      tags: ['a', 'b'],
      nested: { n: 1, missing: undefined },
      map: new Map([['k', 2]]),
      set: new Set([3]),
    });
    expect(JSON.parse(serializeProps(props, {}))).toEqual(
      JSON.parse(
        '{"__proto__":[0,1],"name":[0,"Morning Brew"],"at":[3,"2026-11-25T10:00:00.000Z"],"tags":[1,[[0,"a"],[0,"b"]]],"nested":[0,{"n":[0,1],"missing":[0]}],"map":[4,[[1,[[0,"k"],[0,2]]]]],"set":[5,[[0,3]]]}',
      ),
    );
  });

  it('answers the same text when asked twice for one island, and new text for new props', () => {
    const metadata = {};
    const props = { n: 1 };
    expect(serializeProps(props, metadata)).toBe('{"n":[0,1]}');
    expect(serializeProps(props, metadata)).toBe('{"n":[0,1]}');
    expect(serializeProps({ n: 2 }, metadata)).toBe('{"n":[0,2]}');
  });

  it('still refuses a cyclic value', () => {
    const props: Record<string, unknown> = { n: 1 };
    props.self = props;
    expect(() => serializeProps(props, { displayName: 'Loop', hydrate: 'load' })).toThrow(/Cyclic reference/);
  });
});
