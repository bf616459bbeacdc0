/** Where a hosted podcast's public feed lives. */
import { config } from '../config';

/** The public RSS URL of a hosted podcast: {APP_URL}/feeds/{hash_id}.xml. */
export function hostedFeedUrl(podcastHash: string): string {
  return `${config().appUrl}/feeds/${podcastHash}.xml`;
}
