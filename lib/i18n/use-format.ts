import { useLocale } from 'next-intl';
import { type Formatter, formatterFor } from './format';

/** The page locale's formatter (lib/i18n/format.ts), for server and client components alike. */
export function useFormat(): Formatter {
  return formatterFor(useLocale());
}
