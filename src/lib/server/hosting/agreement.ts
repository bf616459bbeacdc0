/**
 * The Hosting Service Agreement shown on the terms step (hosting spec §2, §9) and its electronic
 * signature: clicking 'I Accept and Agree' records who accepted which version, when, from where.
 */
import { getDb, agreementAcceptances } from '../db';
import { findOwnedHosted } from './owned-hosted';

export const AGREEMENT_NAME = 'hosting-service-agreement';
/** The version is the date of the text: a change of wording gets a new date and a new signature. */
export const AGREEMENT_VERSION = '2025-01-07';
export const AGREEMENT_LAST_UPDATED = 'January 07, 2025';

export interface AgreementSection {
  title: string;
  paragraphs: string[];
}

/** The 12 sections of the Hosting Service Agreement. */
export const AGREEMENT_SECTIONS: AgreementSection[] = [
  {
    title: 'Parties and acceptance',
    paragraphs: [
      'This Hosting Service Agreement (the “Agreement”) is between Cuepoint (“Cuepoint”, “we”, “us”) and the person or entity that owns the podcast named in the onboarding flow (the “Podcaster”, “you”).',
      'By clicking “I Accept and Agree” you sign this Agreement electronically, confirm that you own or control the podcast and its RSS feed, and confirm that you are authorised to bind the owner of the podcast. We record the date, time and version of the Agreement you accepted.',
    ],
  },
  {
    title: 'Term and renewal',
    paragraphs: [
      'The Agreement starts on the day you accept it and runs for an initial term of twenty-four (24) full calendar months, counted from the first day of the month after acceptance.',
      'It then renews automatically for successive renewal periods of twelve (12) months each, unless either party gives the other at least thirty (30) days’ written notice before the end of the current term that it does not wish to renew.',
    ],
  },
  {
    title: 'The hosting service',
    paragraphs: [
      'Cuepoint stores your audio files, artwork and episode information, publishes the RSS feed of your podcast, and delivers your episodes to listeners and podcast directories such as Apple Podcasts and Spotify.',
      'When you move an existing podcast, we import your episodes with their original identifiers (GUIDs) so that subscribers do not download episodes twice. You agree to set up a permanent redirect from your previous host to the Cuepoint feed, and we recommend that you keep your previous hosting account for one month after the redirect is in place.',
    ],
  },
  {
    title: 'Service availability',
    paragraphs: [
      'We target availability of the feed and media delivery of ninety-nine point nine percent (99.9%) in each calendar month, excluding scheduled maintenance announced at least 48 hours in advance and events beyond our reasonable control.',
      'If we fall short of that target, tell us within thirty (30) days of the end of the month and we will work with you in good faith to put things right.',
    ],
  },
  {
    title: 'Advertising inventory',
    paragraphs: [
      'You grant Cuepoint the exclusive right to sell two (2) pre-roll and four (4) mid-roll advertising positions per episode to listeners in the United States and its territories. Cuepoint may insert those advertisements dynamically.',
      'You remain free to sell host-read sponsorships that are part of your recorded content, and advertising outside the United States and its territories, provided they do not use the positions above.',
      'You may ask us to exclude restricted advertising categories from your podcast. Changes to restricted ad categories may take up to sixty (60) days to take effect, because of campaigns already booked.',
    ],
  },
  {
    title: 'Revenue and payment',
    paragraphs: [
      'Cuepoint pays you your share of the net advertising revenue earned on your podcast each calendar month, through the payout account you connect (Stripe in the United States, PayPal elsewhere).',
      'Revenue figures may be adjusted within forty-five (45) days after the end of each month, to account for advertiser credits, invalid traffic and make-goods. Payments are made after that adjustment period.',
    ],
  },
  {
    title: 'Your content and licence',
    paragraphs: [
      'You keep all rights in your podcast. You grant Cuepoint a worldwide, non-exclusive licence to host, copy, transcode and distribute your content for the purpose of providing the service during the term.',
      'You also allow Cuepoint to use up to three (3) minutes of your content for demonstrations of the service to advertisers and partners. You confirm that your content does not infringe anyone’s rights and complies with applicable law.',
    ],
  },
  {
    title: 'Non-solicitation',
    paragraphs: [
      'During the term and for one (1) year afterwards, you will not directly solicit advertisers that Cuepoint introduced to your podcast in order to sell them the advertising positions described in section 5 outside of Cuepoint.',
    ],
  },
  {
    title: 'Confidentiality',
    paragraphs: [
      'Each party keeps the other’s non-public business information, including revenue figures and advertiser terms, confidential and uses it only to perform this Agreement.',
      'Within thirty (30) days after termination, each party returns or destroys the other’s confidential information, except copies it must keep by law.',
    ],
  },
  {
    title: 'Termination',
    paragraphs: [
      'Either party may terminate this Agreement if the other materially breaches it and does not cure the breach within thirty (30) days after written notice describing it. Either party may also end the Agreement at the end of a term by giving thirty (30) days’ notice as described in section 2.',
      'After termination you have thirty (30) days to redirect your feed to a new host or retrieve your media; during that time we keep serving your feed and files.',
    ],
  },
  {
    title: 'Liability',
    paragraphs: [
      'Neither party is liable for indirect or consequential damages. Except for breaches of confidentiality and your obligations about your content, each party’s total liability under this Agreement is limited to the amounts paid or payable to you in the twelve (12) months before the claim.',
    ],
  },
  {
    title: 'Governing law and general terms',
    paragraphs: [
      'This Agreement is governed by the laws of the Commonwealth of Pennsylvania, without regard to its conflict-of-law rules. The state and federal courts located in Philadelphia County, Pennsylvania, have exclusive jurisdiction, and both parties consent to that venue.',
      'This Agreement is the entire agreement between the parties about the hosting service. Notices are given by email to the addresses on your account and to the Cuepoint support address.',
    ],
  },
];

/** Records the electronic signature of the agreement for the user's hosted podcast. */
export async function acceptAgreement(
  user: { id: number },
  hostedId: number,
  meta: { ip: string | null; userAgent: string | null },
): Promise<{ version: string; accepted_at: string }> {
  const { podcast } = await findOwnedHosted(user.id, hostedId);
  const db = await getDb();
  const [row] = await db
    .insert(agreementAcceptances)
    .values({
      user_id: user.id,
      podcast_id: podcast.id,
      agreement: AGREEMENT_NAME,
      version: AGREEMENT_VERSION,
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 500) ?? null,
    })
    .returning();
  return { version: row!.version, accepted_at: row!.accepted_at.toISOString() };
}
