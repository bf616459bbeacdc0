/** The storage domain's face: the only module other domains and pages import from it. */
export { copyLocalFilesToBucket } from './copy-to-bucket';
export { publicUrl, storage } from './storage';
export type { StoredObject } from './storage';
