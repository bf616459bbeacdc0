/**
 * Who may see a file. The uploader always may; other domains add rules (a workroom adds "members of
 * a discussion whose message references the file") with registerFileViewRule.
 */
import type { SessionUser } from '../users';
import type { FileRow } from './file-resource';

export type FileViewRule = (user: SessionUser, file: FileRow) => boolean | Promise<boolean>;

const KEY = Symbol.for('cuepoint.file-view-rules');
function rules(): FileViewRule[] {
  const g = globalThis as { [KEY]?: FileViewRule[] };
  g[KEY] ??= [];
  return g[KEY];
}

/** Adds a rule that may grant a user the sight of a file (any rule granting is enough). */
export function registerFileViewRule(rule: FileViewRule): void {
  rules().push(rule);
}

/** True when the user may see the file: the uploader, or anyone a registered rule lets in. */
export async function canViewFile(user: SessionUser, file: FileRow): Promise<boolean> {
  if (file.user_id !== null && file.user_id === user.id) return true;
  for (const rule of rules()) if (await rule(user, file)) return true;
  return false;
}
