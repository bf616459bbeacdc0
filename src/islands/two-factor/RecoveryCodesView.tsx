import { Button } from '../../components/Button';
import { toast } from '../../lib/stores/toasts';

const asText = (codes: string[]) =>
  `Cuepoint recovery codes\n\nEach code signs you in once when you cannot use your authenticator app or passkey.\nKeep them somewhere safe, like a password manager.\n\n${codes.join('\n')}\n`;

/** Ten recovery codes, shown once, with Copy, Download and Print. */
export function RecoveryCodesView({
  codes,
  onDone,
  doneLabel = 'I have saved my recovery codes',
}: {
  codes: string[];
  onDone: () => void;
  doneLabel?: string;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(asText(codes));
      toast.success('Recovery codes copied.');
    } catch {
      toast.error('Your browser did not allow copying. Select the codes and copy them yourself.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([asText(codes)], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'cuepoint-recovery-codes.txt';
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };
  return (
    <div className="cp-stack cp-gap-md">
      <p className="tf-notice">Save these codes now: this is the only time they are shown. Each one signs you in once if you lose your phone or passkey.</p>
      <ul className="tf-codes" aria-label="Recovery codes">
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <div className="tf-row__actions">
        <Button onClick={() => void copy()}>Copy</Button>
        <Button onClick={download}>Download</Button>
        <Button onClick={() => window.print()}>Print</Button>
      </div>
      <Button variant="primary" block onClick={onDone}>
        {doneLabel}
      </Button>
    </div>
  );
}
