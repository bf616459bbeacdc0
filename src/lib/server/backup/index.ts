/** The backup domain's face: the only module other domains and pages import from it. */
export { backupName, backupToken, createBackup } from './create-backup';
export { restoreBackup } from './restore-backup';
