/**
 * Country of an address, from the GeoLite2 country database bundled by @ip-location-db (read with
 * `maxmind`, loaded once per process, about 9 MB). Private and unknown addresses have no country.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Reader, type Response } from 'maxmind';
import { config } from '../../config';

type CountryRecord = Response & { country_code?: string };

const KEY = Symbol.for('cuepoint.analytics.geo');
type Holder = { [KEY]?: Reader<CountryRecord> | null };

function databasePath(): string {
  const file = 'geolite2-country.mmdb';
  try {
    return createRequire(import.meta.url).resolve(`@ip-location-db/geolite2-country-mmdb/${file}`);
  } catch {
    return join(config().rootDir, 'node_modules/@ip-location-db/geolite2-country-mmdb', file);
  }
}

function reader(): Reader<CountryRecord> | null {
  const g = globalThis as Holder;
  if (g[KEY] === undefined) {
    try {
      g[KEY] = new Reader<CountryRecord>(readFileSync(databasePath()));
    } catch (error) {
      console.error('[cuepoint] the GeoLite2 country database could not be read; countries are unknown', error);
      g[KEY] = null;
    }
  }
  return g[KEY];
}

/** The ISO 3166-1 alpha-2 code of the address's country, or null. */
export function countryOf(address: string): string | null {
  const ip = address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
  try {
    return reader()?.get(ip)?.country_code ?? null;
  } catch {
    return null;
  }
}
