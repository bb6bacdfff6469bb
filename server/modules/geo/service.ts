import type { Executor } from '../../db/client';
import { COUNTRY_CODE, countryFromHeader, regionFor, type GeoInfo } from '../../lib/region';
import * as repository from './repository';

/** Normalises operator input (`kz` → `KZ`); undefined when it is not a two-letter code. */
export function parseCountryCode(input: string): string | undefined {
  const code = input.trim().toUpperCase();
  return COUNTRY_CODE.test(code) ? code : undefined;
}

export async function lookupGeo(
  db: Executor,
  input: { ip: string; countryHeader: string | string[] | undefined; defaultCountry: string | null },
): Promise<{ geo: GeoInfo; blocked: boolean }> {
  const countryCode = countryFromHeader(input.countryHeader, input.defaultCountry);
  const blocked = countryCode !== null && (await repository.isCountryBlocked(db, countryCode));
  return { geo: { ip: input.ip, country_code: countryCode, region: regionFor(countryCode) }, blocked };
}

export const blockCountry = repository.upsertBlockedCountry;
export const unblockCountry = repository.deleteBlockedCountry;
export const listBlockedCountries = repository.listBlockedCountries;
export const lockBlockedCountry = repository.lockBlockedCountry;
/** Whether the operator blocked the country (read now, not through the guard's cache). */
export const isCountryBlocked = repository.isCountryBlocked;
