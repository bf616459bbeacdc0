/**
 * Diffs an old podcast feed and its hosted copy element by element (issue 36): every element and
 * attribute of the channel and of each item (matched by GUID) must be in the hosted feed with the same
 * value, a URL may only change to one under the media prefix, and no value of the hosted feed may
 * still name the old host. Answers the problems found, one line each ('' = none).
 */
import { XMLParser } from 'fast-xml-parser';

type Node = Record<string, unknown>;

export interface DiffRules {
  oldOrigin: string;
  mediaPrefix: string;
  /** Paths ('channel/generator', 'item/enclosure@length') the hosted feed writes itself, with the reason. */
  written: Record<string, string>;
  /** How the text of an element is compared when not exactly ('item/pubDate' → same instant). */
  text: Record<string, (old: string, hosted: string) => boolean>;
  /** Items of the old feed the report names as not moved (by title). */
  namedInReport: string[];
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@_', parseTagValue: false, trimValues: true, isArray: () => true });

function channelOf(xml: string): Node {
  const rss = ((parser.parse(xml) as Node).rss as Node[])[0]!;
  return (rss.channel as Node[])[0]!;
}

const textOf = (n: unknown): string => (typeof n === 'string' ? n : n && typeof n === 'object' ? String((n as Node)['#text'] ?? '') : '');

/** Same value, or the same URL(s) moved under the media prefix (a srcset token by token). */
function sameValue(old: string, hosted: string, rules: DiffRules): boolean {
  if (old === hosted) return true;
  const a = old.split(/(\s+|,)/);
  const b = hosted.split(/(\s+|,)/);
  return a.length === b.length && a.every((t, i) => t === b[i] || (/^https?:\/\//.test(t) && b[i]!.startsWith(rules.mediaPrefix)));
}

function diffNode(old: unknown, hosted: unknown, path: string, rules: DiffRules): string[] {
  const problems: string[] = [];
  const o = (typeof old === 'object' && old ? old : { '#text': old }) as Node;
  const h = (typeof hosted === 'object' && hosted ? hosted : { '#text': hosted }) as Node;
  for (const [key, value] of Object.entries(o)) {
    if (key.startsWith('@_')) {
      const at = `${path}@${key.slice(2)}`;
      if (at in rules.written) continue;
      if (!(key in h)) problems.push(`${at}: attribute dropped`);
      else if (!sameValue(String(value), String(h[key]), rules)) problems.push(`${at}: "${value}" became "${h[key]}"`);
    } else if (key === '#text') {
      const compare = rules.text[path];
      const a = String(value).trim();
      const b = textOf(h).trim();
      if (!(compare ? compare(a, b) : sameValue(a, b, rules))) problems.push(`${path}: "${a.slice(0, 80)}" became "${b.slice(0, 80)}"`);
    } else {
      const at = `${path}/${key}`;
      if (at in rules.written || at === 'channel/item') continue;
      const hostedChildren = (h[key] as unknown[] | undefined) ?? [];
      if (!hostedChildren.length) {
        problems.push(`${at}: element dropped`);
        continue;
      }
      // A repeated element (categories, people, transcripts) matches any hosted one that has all of it.
      for (const child of value as unknown[]) {
        const tries = hostedChildren.map((hc) => diffNode(child, hc, at, rules));
        if (!tries.some((t) => t.length === 0)) problems.push(...tries.sort((x, y) => x.length - y.length)[0]!);
      }
    }
  }
  return problems;
}

/** Every string of the hosted tree that still names the old host. */
function oldHostValues(node: unknown, path: string, origin: string): string[] {
  if (typeof node === 'string') return node.includes(origin) ? [`${path}: still on the old host (${node})`] : [];
  if (Array.isArray(node)) return node.flatMap((n) => oldHostValues(n, path, origin));
  if (!node || typeof node !== 'object') return [];
  return Object.entries(node as Node).flatMap(([k, v]) => oldHostValues(v, k.startsWith('@_') ? `${path}@${k.slice(2)}` : `${path}/${k}`, origin));
}

export function diffFeeds(oldXml: string, hostedXml: string, rules: DiffRules): string[] {
  const old = channelOf(oldXml);
  const hosted = channelOf(hostedXml);
  const problems = diffNode(old, hosted, 'channel', rules);
  const guidOf = (item: Node) => textOf((item.guid as unknown[] | undefined)?.[0]);
  const hostedItems = new Map(((hosted.item as Node[] | undefined) ?? []).map((i) => [guidOf(i), i]));
  for (const item of (old.item as Node[] | undefined) ?? []) {
    const title = textOf((item.title as unknown[] | undefined)?.[0]);
    const copy = hostedItems.get(guidOf(item));
    if (!copy) {
      if (!rules.namedInReport.includes(title)) problems.push(`item "${title}": dropped and not named in the report`);
      continue;
    }
    problems.push(...diffNode(item, copy, 'item', rules).map((p) => `"${title}" ${p}`));
  }
  problems.push(...oldHostValues(hosted, 'channel', rules.oldOrigin));
  return problems;
}
