/** Payload shapes of the hosting screens, shared by the server that builds them and the islands that show them. */

/** The channel settings of a hosted feed as the Feed Settings form shows and saves them. */
export interface FeedSettingsValues {
  title: string;
  description: string;
  link: string;
  author: string;
  owner_name: string;
  owner_email: string;
  language: string;
  explicit: boolean;
  copyright: string;
  type: 'episodic' | 'serial';
  category: string;
  subcategory: string | null;
  medium: string;
  funding_url: string;
  funding_text: string;
  artwork: string | null;
}
