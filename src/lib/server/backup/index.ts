/** The backup infrastructure's face: the only module domains and pages import from it. */
export { backupName, backupToken, createBackup } from './create-backup';
export { restoreBackup } from './restore-backup';
