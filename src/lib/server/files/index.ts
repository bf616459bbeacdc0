/** The files domain's face: the only module other domains and pages import from it. */
export { registerFileViewRule } from './can-view-file';
export { createFileFromUrl } from './create-file-from-url';
export { fileResource, fileUrl } from './file-resource';
export type { FileRow } from './file-resource';
export { fileResponse } from './file-response';
export { fileViewer } from './file-viewer';
export { findViewableFile } from './find-file';
export { listUserFiles } from './list-files';
export { ffmpegPath } from './process-audio';
export { receiveUpload } from './receive-upload';
export { removeFile, removeFilesOf, removeTaggedFile } from './remove-file';
export { generatedName, removeQuietly, removeStored, scratchPath, withLocalCopy } from './storage';
export { storageUsage } from './storage-quota';
export { assertOwnFiles, storeAttachments } from './store-attachments';
export { storeFile } from './store-file';
export { tagFile } from './tag-file';
export { registerAudioProcessing } from './process-audio';
export { registerFileJobs } from './jobs';
