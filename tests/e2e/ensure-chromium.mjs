// The browser tests drive Debian's Chromium (Playwright's own downloads cannot reach the internet here).
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(path)) {
  if (process.getuid?.() !== 0) {
    console.error(`Chromium is missing at ${path}. Install it with: sudo apt-get install -y chromium`);
    process.exit(1);
  }
  console.log('[e2e] installing Debian chromium…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
}
