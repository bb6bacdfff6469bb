import { REGIONS, type Region } from '@/lib/constants/regions';

/**
 * The geo data of the visitor's last check (spec section 4: "HTTP 451 sets the geo data"), which the
 * middleware hands to the browser in a session cookie: `ip|country|region`, e.g. `203.0.113.7|KZ|KZ`.
 */
export const GEO_COOKIE = 'geo';

export interface GeoCookie {
  ip: string;
  country_code: string | null;
  region: Region;
}

export function serializeGeoCookie(geo: GeoCookie): string {
  return [geo.ip, geo.country_code ?? '', geo.region].map((part) => part.replace(/\|/g, '')).join('|');
}

/** The cookie's geo data, or null when it is absent or malformed. */
export function parseGeoCookie(value: string | undefined | null): GeoCookie | null {
  if (!value) return null;
  const [ip, country, region] = value.split('|');
  if (ip === undefined || country === undefined || !(REGIONS as readonly string[]).includes(region ?? ''))
    return null;
  return { ip, country_code: /^[A-Z]{2}$/.test(country) ? country : null, region: region as Region };
}
