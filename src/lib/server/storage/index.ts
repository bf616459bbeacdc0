/** The storage infrastructure's face: the only module domains and pages import from it. */
export { copyLocalFilesToBucket } from './copy-to-bucket';
export { publicUrl, storage } from './storage';
export type { StoredObject } from './storage';
