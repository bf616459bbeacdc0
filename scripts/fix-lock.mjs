// Our registry mirror lacks @astrojs/compiler-binding builds for other platforms, so
// `npm install` leaves them out of the lock file and `npm ci` then refuses it.
// Record them as platform-restricted optional entries: `npm ci` skips them on linux-x64.
import { readFileSync, writeFileSync } from 'node:fs';
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
const parent = lock.packages['node_modules/@astrojs/compiler-binding'];
const platform = {
  'android-arm64': [['android'], ['arm64']],
  'darwin-arm64': [['darwin'], ['arm64']],
  'darwin-x64': [['darwin'], ['x64']],
  'linux-arm64-gnu': [['linux'], ['arm64']],
  'linux-arm64-musl': [['linux'], ['arm64']],
  'wasm32-wasi': [['wasi'], ['wasm32']],
  'win32-arm64-msvc': [['win32'], ['arm64']],
  'win32-x64-msvc': [['win32'], ['x64']],
};
for (const [name, version] of Object.entries(parent?.optionalDependencies ?? {})) {
  const key = `node_modules/${name}`;
  if (lock.packages[key]) continue;
  const [os, cpu] = platform[name.replace('@astrojs/compiler-binding-', '')] ?? [['none'], ['none']];
  lock.packages[key] = { version, optional: true, os, cpu };
}
writeFileSync('package-lock.json', JSON.stringify(lock, null, 2) + '\n');
