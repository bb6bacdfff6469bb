import { create } from 'zustand';
import type { Region } from '@/lib/constants/regions';
import { DEFAULT_LOCALE, type Locale } from '@/lib/i18n/locales';

/**
 * The current interface locale and geo region. The app sets them (locale from the route, region from
 * the geo check); the HTTP client reads them for the Accept-Language and Region headers.
 */
export interface LocaleState {
  locale: Locale;
  region: Region | null;
  setLocale: (locale: Locale) => void;
  setRegion: (region: Region | null) => void;
}

export const useLocaleStore = create<LocaleState>()((set) => ({
  locale: DEFAULT_LOCALE,
  region: null,
  setLocale: (locale) => set({ locale }),
  setRegion: (region) => set({ region }),
}));
