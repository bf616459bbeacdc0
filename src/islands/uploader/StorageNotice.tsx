import { useEffect, useState } from 'react';
import { api } from '../../lib/api';
import { storageNearlyFull, storageText } from '../../lib/rules/storage';

/**
 * The user's storage, shown in the uploader once their files take up most of their quota (80 %), and
 * read again after each upload. Says nothing while there is room.
 */
export function StorageNotice({ refreshKey }: { refreshKey: string }) {
  const [usage, setUsage] = useState<{ used: number; quota: number } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: refreshKey changes when an upload finishes, which is when to read again
  useEffect(() => {
    let live = true;
    api<{ data: { used: number; quota: number } }>('/api/files/quota')
      .then((res) => live && setUsage(res.data))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [refreshKey]);
  if (!usage || !storageNearlyFull(usage)) return null;
  return (
    <p className="cp-uploader__quota" role="status">
      {storageText(usage)}
    </p>
  );
}
