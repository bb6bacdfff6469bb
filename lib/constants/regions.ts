/** Geo regions of spec sections 3 and 9: KZ for Kazakhstan, RU otherwise. Sent in the `Region` header. */

export const REGIONS = ['KZ', 'RU'] as const;
export type Region = (typeof REGIONS)[number];

/** The region for a geo country code (ISO 3166-1 alpha-2). */
export function regionForCountry(countryCode: string | null | undefined): Region {
  return countryCode?.toUpperCase() === 'KZ' ? 'KZ' : 'RU';
}
