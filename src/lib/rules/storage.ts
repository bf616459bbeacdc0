/** The storage quota as the uploader shows it (the server enforces it: files/storage-quota.ts). */
const GB = 1024 ** 3;
const MB = 1024 ** 2;

/** "9.6 GB", "420 MB". */
export function formatStorage(bytes: number): string {
  return bytes >= GB ? `${(bytes / GB).toFixed(bytes >= 10 * GB ? 0 : 1)} GB` : `${Math.max(0, Math.round(bytes / MB))} MB`;
}

/** True once the files take up 80 % of the quota or more. */
export const storageNearlyFull = ({ used, quota }: { used: number; quota: number }) => quota > 0 && used >= quota * 0.8;

/** "Your files take up 8.4 GB of your 10 GB: 1.6 GB left." */
export function storageText({ used, quota }: { used: number; quota: number }): string {
  const left = Math.max(0, quota - used);
  return left === 0
    ? `Your files take up all of your ${formatStorage(quota)}: delete files you no longer need to upload more.`
    : `Your files take up ${formatStorage(used)} of your ${formatStorage(quota)}: ${formatStorage(left)} left.`;
}
