import { useState } from 'react';
import { Dialog } from '../../components/Dialog';
import { setCookie, suffixedName } from '../../lib/browser-cookies';
import { DIALOG_WIDTH_STARTUP_POPUP, STARTUP_POPUP_MAX_AGE_S } from '../../lib/constants';
import type { StartupPopupGreeting, StartupPopupVariant } from '../../lib/shell-rules';

interface Props {
  variant: StartupPopupVariant;
  /** 'rename' for an account that existed before the marketplace became Cuepoint, 'welcome' for a newer one. */
  greeting: StartupPopupGreeting;
}

/** Remembers for 94608000 s (3 years) that the popup was closed. */
function remember() {
  setCookie(suffixedName('startup_popup'), '1', STARTUP_POPUP_MAX_AGE_S);
}

/** What each role reads: the rename (accounts from before it) or a welcome, then what hosting and automated ads offer them. */
function Body({ variant, greeting }: Props) {
  if (greeting === 'rename') {
    if (variant === 'brand')
      return (
        <>
          <p>Our marketplace has a new name: Cuepoint.</p>
          <p>Nothing changes for you: your campaigns, hires, workrooms and payment details work exactly as before.</p>
        </>
      );
    return (
      <>
        <p>Our marketplace has a new name: Cuepoint. Your sign-in, shows, workrooms and earnings are right where you left them.</p>
        {variant === 'hosted' ? (
          <p>
            Because your show is hosted with us, it also gets extra monetization features: automated ads are placed into your episodes for you, on top of the
            sponsorships you win in the marketplace.
          </p>
        ) : (
          <p>New: you can now apply to host your podcast with Cuepoint. Hosted shows earn from automated ads in addition to the sponsorships you win here.</p>
        )}
      </>
    );
  }
  if (variant === 'brand')
    return (
      <>
        <p>Create a campaign, receive proposals from podcasters whose audiences fit it, and hire the ones you want. You pay once each ad has aired.</p>
        <p>
          Shows hosted on Cuepoint also take automated ads: your spot is placed into their episodes for you and billed by the impression, with downloads counted
          by the industry’s (IAB) rules.
        </p>
      </>
    );
  return (
    <>
      <p>Find sponsorships that fit your show, propose your ads and dates, and get paid once each ad has aired.</p>
      {variant === 'hosted' ? (
        <p>
          Because your show is hosted with us, it also earns from automated ads: Cuepoint places ads into your episodes for you, on top of the sponsorships you
          win in the marketplace.
        </p>
      ) : (
        <p>
          You can also host your podcast with Cuepoint: we serve your feed and audio, count your downloads by the industry’s (IAB) rules and place automated ads
          into your episodes, so you earn by the impression in addition to the sponsorships you win here.
        </p>
      )}
    </>
  );
}

/** The once-per-user popup: the rename to accounts that existed before it, a welcome to newer ones (marketplace core, issue 37). */
export default function StartupPopup({ variant, greeting }: Props) {
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
      title={greeting === 'rename' ? 'We are now Cuepoint' : 'Welcome to Cuepoint'}
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
      <Body variant={variant} greeting={greeting} />
    </Dialog>
  );
}
