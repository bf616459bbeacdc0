/**
 * The owner email of a podcast feed, used to prove ownership: `itunes:owner/itunes:email` first,
 * then the `owner` attribute of `podcast:locked`, then `managingEditor`.
 */
import { z } from 'zod';
import { all, attrOf, parseRssChannel, textOf, type RssChannel } from './rss-channel';

const emailSchema = z.email();

/** Cleans one candidate ("mailto:", "a@b.c (Name)", "Name <a@b.c>") and answers it when it is a valid email. */
export function cleanEmail(raw: string | null): string | null {
  if (!raw) return null;
  let value = raw.trim().replace(/^mailto:/i, '');
  const angled = /<([^<>\s]+@[^<>\s]+)>/.exec(value);
  if (angled) value = angled[1]!;
  value = value
    .replace(/\s*\(.*\)\s*$/, '')
    .trim()
    .toLowerCase();
  return emailSchema.safeParse(value).success ? value : null;
}

/** The owner email of a parsed channel, or null when the feed names none. */
export function ownerEmailOf(channel: RssChannel): string | null {
  const { node, prefix } = channel;
  for (const owner of all(node[`${prefix.itunes}:owner`])) {
    if (owner && typeof owner === 'object') {
      const email = cleanEmail(textOf((owner as Record<string, unknown>)[`${prefix.itunes}:email`]));
      if (email) return email;
    }
  }
  const locked = cleanEmail(attrOf(node[`${prefix.podcast}:locked`], 'owner'));
  if (locked) return locked;
  return cleanEmail(textOf(node.managingEditor));
}

/** Reads the owner email from feed XML; null when none; throws NotAnRssFeed when it is not a feed. */
export function readOwnerEmail(xml: Buffer | string): string | null {
  return ownerEmailOf(parseRssChannel(xml));
}
