/** The startup popup (marketplace core; issue 37): the rename only to accounts from before it, a welcome with what hosting and automated ads offer to newer ones. */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import StartupPopup from '~/islands/shell/StartupPopup';
import type { StartupPopupGreeting, StartupPopupVariant } from '~/lib/shell-rules';

const text = (variant: StartupPopupVariant, greeting: StartupPopupGreeting) =>
  renderToStaticMarkup(createElement(StartupPopup, { variant, greeting }))
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/\s+/g, ' ');

describe('the startup popup', () => {
  it('tells an account from before the rename about it, in each role’s words', () => {
    expect(text('brand', 'rename')).toContain('We are now Cuepoint');
    expect(text('brand', 'rename')).toContain('Nothing changes for you');
    expect(text('hosted', 'rename')).toContain('extra monetization features');
    expect(text('podcaster', 'rename')).toContain('you can now apply to host your podcast with Cuepoint');
  });

  it('welcomes a newer account and says what hosting and automated ads offer, never the rename', () => {
    for (const variant of ['brand', 'hosted', 'podcaster'] as const) {
      const t = text(variant, 'welcome');
      expect(t).toContain('Welcome to Cuepoint');
      expect(t).not.toMatch(/new name|We are now|renamed/);
      expect(t).toMatch(/automated ads/);
    }
    expect(text('podcaster', 'welcome')).toContain('Apply for hosting');
    expect(text('brand', 'welcome')).toContain('billed by the impression');
  });
});
