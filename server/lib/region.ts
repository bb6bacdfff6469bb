/** The visitor's country and region (spec: KZ for Kazakhstan, RU otherwise) from the CDN's geo header. */
export type Region = 'KZ' | 'RU';

export interface GeoInfo {
  ip: string;
  country_code: string | null;
  region: Region;
}

export const COUNTRY_CODE = /^[A-Z]{2}$/;

/**
 * The visitor's country from the CDN header: upper-cased, two letters, else absent. Cloudflare's `XX`
 * ("no country data") counts as absent too. Absent → the configured default (or null).
 */
export function countryFromHeader(
  header: string | string[] | undefined,
  defaultCountry: string | null,
): string | null {
  const raw = Array.isArray(header) ? header[0] : header;
  const code = raw?.trim().toUpperCase();
  if (code && COUNTRY_CODE.test(code) && code !== 'XX') return code;
  return defaultCountry;
}

/** Spec: region KZ for Kazakhstan, RU otherwise. */
export function regionFor(countryCode: string | null): Region {
  return countryCode === 'KZ' ? 'KZ' : 'RU';
}

/** The visitor's region from the request's geo header (GEO_COUNTRY_HEADER, else GEO_DEFAULT_COUNTRY). */
export function regionOfRequest(
  headers: Record<string, string | string[] | undefined>,
  config: { geoCountryHeader: string; geoDefaultCountry: string | null },
): Region {
  return regionFor(countryFromHeader(headers[config.geoCountryHeader], config.geoDefaultCountry));
}
