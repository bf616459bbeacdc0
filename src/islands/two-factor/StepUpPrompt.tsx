import { createRoot } from 'react-dom/client';
import { Dialog } from '../../components/Dialog';
import { api } from '../../lib/api';
import { SecondFactorForm, type FactorMethod } from './SecondFactorForm';
import { getPasskey } from './webauthn';

function StepUpDialog({ methods, onDone }: { methods: FactorMethod[]; onDone: (ok: boolean) => void }) {
  const usesPassword = methods.includes('password');
  return (
    <Dialog open onClose={() => onDone(false)} title="Confirm it’s you" width={480} describedBy="step-up-lead">
      <p id="step-up-lead" className="step-up__lead">
        {usesPassword
          ? 'This changes how you sign in or get paid, so we ask for your password first.'
          : 'This changes how you sign in or get paid, so we ask for your second factor first.'}{' '}
        You will not be asked again for 10 minutes.
      </p>
      <SecondFactorForm
        methods={methods}
        submitLabel="Confirm"
        onProof={async (proof) => {
          await api('/api/user/two-factor/step-up', { method: 'POST', body: proof });
          onDone(true);
        }}
        onPasskey={async () => {
          const { challenge_token, options } = await api<{ challenge_token: string; options: Parameters<typeof getPasskey>[0] }>(
            '/api/user/two-factor/step-up/options',
            { method: 'POST', body: {} },
          );
          await api('/api/user/two-factor/step-up', { method: 'POST', body: { challenge_token, credential: await getPasskey(options) } });
          onDone(true);
        }}
      />
    </Dialog>
  );
}

let open: Promise<boolean> | null = null;

/**
 * Asks the person to confirm who they are (the server answered `step_up_required`): a dialog over the
 * page, mounted on demand. Several calls waiting at once share one dialog. Answers whether they did.
 */
export function openStepUp(methods: FactorMethod[]): Promise<boolean> {
  open ??= new Promise<boolean>((resolve) => {
    const host = document.createElement('div');
    document.body.append(host);
    const root = createRoot(host);
    const finish = (ok: boolean) => {
      root.unmount();
      host.remove();
      open = null;
      resolve(ok);
    };
    root.render(<StepUpDialog methods={methods} onDone={finish} />);
  });
  return open;
}
