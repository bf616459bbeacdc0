// Our registry mirror lacks some platform builds (@astrojs/compiler-binding-*, @biomejs/cli-*), so
// `npm install` leaves them out of the lock file and `npm ci` then refuses it. Record every missing
// optional platform package as a platform-restricted optional entry: `npm ci` skips it here.
import { readFileSync, writeFileSync } from 'node:fs';

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'sunos', 'win32', 'wasi', 'aix'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'wasm32', 's390x', 'ppc64', 'riscv64', 'loong64'];

/** os, cpu and libc read from a platform package name such as cli-linux-arm64-musl or binding-win32-x64-msvc. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p)) ?? 'none';
  const cpu = parts.find((p) => CPU.includes(p)) ?? 'none';
  const libc = parts.includes('musl') ? 'musl' : os === 'linux' && parts.includes('gnu') ? 'glibc' : null;
  return { os: [os], cpu: [cpu], ...(libc ? { libc: [libc] } : {}) };
}

for (const [key, entry] of Object.entries(lock.packages)) {
  if (!key.startsWith('node_modules/') || !entry.optionalDependencies) continue;
  for (const [name, version] of Object.entries(entry.optionalDependencies)) {
    const platform = platformOf(name);
    if (platform.os[0] === 'none' && platform.cpu[0] === 'none') continue; // not a platform build
    const path = `node_modules/${name}`;
    if (lock.packages[path]) continue;
    lock.packages[path] = { version, optional: true, ...platform };
  }
}
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
