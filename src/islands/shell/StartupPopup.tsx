import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { setCookie, suffixedName } from '../../lib/browser-cookies';
import { DIALOG_WIDTH_STARTUP_POPUP, STARTUP_POPUP_MAX_AGE_S } from '../../lib/constants';
import type { StartupPopupVariant } from '../../lib/shell-rules';

interface Props {
  variant: StartupPopupVariant;
}

/** Remembers for 94608000 s (3 years) that the popup was closed. */
function remember() {
  setCookie(suffixedName('startup_popup'), '1', STARTUP_POPUP_MAX_AGE_S);
}

/** The once-per-user popup telling each role what the rename to Cuepoint means for them. */
export default function StartupPopup({ variant }: Props) {
  const [open, setOpen] = useState(true);
  const close = () => {
    remember();
    setOpen(false);
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      width={DIALOG_WIDTH_STARTUP_POPUP}
      title="We are now Cuepoint"
      footer={
        variant === 'podcaster' ? (
          <>
            <button type="button" className="cp-button" onClick={close}>
              Maybe later
            </button>
            <a className="cp-button cp-button--primary" href="/hosting/apply" onClick={remember}>
              Apply for hosting
            </a>
          </>
        ) : (
          <button type="button" className="cp-button cp-button--primary" onClick={close}>
            Got it
          </button>
        )
      }
    >
      {variant === 'hosted' ? (
        <>
          <p>Our marketplace has a new name: Cuepoint. Your sign-in, shows, workrooms and earnings are right where you left them.</p>
          <p>
            Because your show is hosted with us, it also gets extra monetization features: automated ads are placed into your episodes for you, on top of the
            sponsorships you win in the marketplace.
          </p>
        </>
      ) : variant === 'podcaster' ? (
        <>
          <p>Our marketplace has a new name: Cuepoint. Your sign-in, shows, workrooms and earnings are right where you left them.</p>
          <p>New: you can now apply to host your podcast with Cuepoint. Hosted shows earn from automated ads in addition to the sponsorships you win here.</p>
        </>
      ) : (
        <>
          <p>Our marketplace has a new name: Cuepoint.</p>
          <p>Nothing changes for you: your campaigns, hires, workrooms and payment details work exactly as before.</p>
        </>
      )}
    </Dialog>
  );
}
