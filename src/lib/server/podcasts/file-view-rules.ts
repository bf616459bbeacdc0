/**
 * Who else may see a podcaster's files: a podcast's artwork is shown to every signed-in user (the
 * public podcast page, sponsorship cards, proposals); a manual-stats report to the admins who verify it.
 * Imported for its effect by the file routes; registering twice (several bundles) is harmless but avoided.
 */
import { registerFileViewRule } from '../files';
import { PODCAST_AVATAR_REFERENCE } from './save-podcast-avatar';

export const MANUAL_STATS_REFERENCE = 'podcast_manual_stats';

const KEY = Symbol.for('cuepoint.podcast-file-rules');
const g = globalThis as { [KEY]?: boolean };
if (!g[KEY]) {
  g[KEY] = true;
  registerFileViewRule((_user, file) => file.reference_type === PODCAST_AVATAR_REFERENCE);
  registerFileViewRule((user, file) => file.reference_type === MANUAL_STATS_REFERENCE && user.type === 'ADMIN');
}
