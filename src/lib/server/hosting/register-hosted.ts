/**
 * The guest hosting sign-up (/sign-up/hosting/{token}): an admin invites a show by email with its
 * feed; the invitee creates a podcaster account whose podcast is already admitted to hosting. The feed
 * must answer with RSS both when the invitation is sent and when the account is made.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { config } from '../config';
import { randomToken, readSignedPayload, signPayload } from '../crypto';
import { getDb, hostedPodcasts, users } from '../db';
import { FetchFailed, FetchRefused, guardedFetch } from '../fetch';
import { HttpError, fieldError, fieldErrors, zodFieldErrors } from '../http';
import { hashPassword, createInvitedPodcaster } from '../users';
import { renderMail, queueMail } from '../mail';
import { createInvitedPodcast, NotAnRssFeed, parseRssChannel } from '../podcasts';
import { readFeedChannel } from './read-feed-episodes';
import { hostedFeedUrl } from './hosted-feed-url';

const PURPOSE = 'hosting-invite';
export const INVITE_TTL_DAYS = 14;
export const INVALID_INVITE = 'This hosting invitation is invalid or has expired. Ask us for a new one.';

interface InvitePayload {
  purpose: typeof PURPOSE;
  email: string;
  feed_url: string;
  exp: number;
}

export const inviteSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.')),
  feed_url: z.url({ protocol: /^https?$/, error: 'Enter the address of the RSS feed, starting with http:// or https://.' }),
});

/**
 * Reads the invited feed: it must answer with an RSS feed, or no invitation is sent and no account is
 * made for it (a 422 on `feed_url` that says why).
 */
async function readInvitedFeed(feedUrl: string): Promise<{ title: string; artwork: string | null }> {
  const unreadable = (why: string) => {
    const message = `We could not read this RSS feed: ${why}`;
    return new HttpError(422, message, { feed_url: [message] });
  };
  try {
    const res = await guardedFetch(feedUrl, { subject: 'RSS feed', maxBytes: 30 * 1024 * 1024 });
    if (res.status < 200 || res.status >= 300) throw unreadable(`The feed answered with HTTP status ${res.status}.`);
    const channel = readFeedChannel(parseRssChannel(res.body));
    return { title: channel.title, artwork: channel.artwork };
  } catch (error) {
    if (error instanceof FetchFailed || error instanceof FetchRefused || error instanceof NotAnRssFeed) throw unreadable(error.message);
    throw error;
  }
}

/** Checks that the feed answers, then creates an invitation link and mails it. */
export async function inviteToHosting(input: z.infer<typeof inviteSchema>, now = new Date()): Promise<{ link: string; token: string }> {
  await readInvitedFeed(input.feed_url);
  const token = signPayload({
    purpose: PURPOSE,
    email: input.email,
    feed_url: input.feed_url,
    exp: Math.floor(now.getTime() / 1000) + INVITE_TTL_DAYS * 86400,
  } satisfies InvitePayload);
  const link = `${config().appUrl}/sign-up/hosting/${token}`;
  await queueMail(
    renderMail({
      to: input.email,
      subject: 'Your invitation to Cuepoint hosting',
      greeting: 'Hi there,',
      lines: [
        'You are invited to move your podcast to Cuepoint hosting. Create your account to start: we bring every episode across and keep your listeners.',
        `The invitation is good for ${INVITE_TTL_DAYS} days.`,
      ],
      action: { label: 'Create your account', url: link },
    }),
  );
  return { link, token };
}

/** Reads an invitation; throws a 422 when it is not valid. */
export function validateInvite(token: string, now = new Date()): { email: string; feed_url: string } {
  const p = readSignedPayload<Partial<InvitePayload>>(token);
  if (
    !p ||
    p.purpose !== PURPOSE ||
    typeof p.email !== 'string' ||
    typeof p.feed_url !== 'string' ||
    typeof p.exp !== 'number' ||
    p.exp * 1000 <= now.getTime()
  ) {
    throw new HttpError(422, INVALID_INVITE, { token: [INVALID_INVITE] });
  }
  return { email: p.email, feed_url: p.feed_url };
}

export const registerHostedSchema = z.object({
  token: z.string().min(1, 'The invitation is missing.'),
  first_name: z.string().trim().min(1, 'The first name field is required.').max(100),
  last_name: z.string().trim().min(1, 'The last name field is required.').max(100),
  password: z.string().min(8, 'The password field must be at least 8 characters.').max(200),
});

/** Creates the podcaster with their admitted podcast; answers the new user's id and email. */
export async function registerHosted(body: Record<string, unknown>): Promise<{ userId: number; email: string }> {
  const parsed = registerHostedSchema.safeParse(body);
  if (!parsed.success) throw fieldErrors(zodFieldErrors(parsed.error));
  const invite = validateInvite(parsed.data.token);
  const db = await getDb();
  const [taken] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${invite.email}`);
  if (taken) throw fieldError('email', 'The email has already been taken.');
  // The feed must still answer: an account is never made for a show whose feed cannot be read.
  const { title, artwork } = await readInvitedFeed(invite.feed_url);
  const passwordHash = await hashPassword(parsed.data.password);
  const userId = await db.transaction(async (tx) => {
    // The invitation link reached this inbox: the account is verified.
    const user = {
      id: await createInvitedPodcaster(tx, {
        email: invite.email,
        first_name: parsed.data.first_name,
        last_name: parsed.data.last_name,
        passwordHash,
        source: 'hosting-invite',
      }),
    };
    const hash = randomToken(8);
    const podcast = await createInvitedPodcast(tx, { hash_id: hash, user_id: user!.id, url: invite.feed_url, title, avatar_url: artwork });
    await tx
      .insert(hostedPodcasts)
      .values({ podcast_id: podcast.id, type: 'other', migration_status: 'pending', original_url: invite.feed_url, url: hostedFeedUrl(hash) });
    return user!.id;
  });
  return { userId, email: invite.email };
}
