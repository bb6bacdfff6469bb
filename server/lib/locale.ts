/** The product's languages (ru, en, kz) as the API reads them from `Accept-Language`. */
export type MessageLocale = 'ru' | 'en' | 'kz';

/** E-mails and SMS fall back to Russian; the content texts (bonuses, games, payment methods) to English. */
export const DEFAULT_MESSAGE_LOCALE: MessageLocale = 'ru';

/**
 * `kk-KZ,kk;q=0.9,en;q=0.8` → `kz`; the highest-weighted supported language wins, else `fallback`
 * (Russian for messages; the bonus texts fall back to English).
 */
export function localeFromAcceptLanguage(
  header: string | string[] | undefined,
  fallback: MessageLocale = DEFAULT_MESSAGE_LOCALE,
): MessageLocale {
  return requestedLocale(header) ?? fallback;
}

/** The highest-weighted of ru, en and kz that `Accept-Language` names, else null. */
export function requestedLocale(header: string | string[] | undefined): MessageLocale | null {
  const value = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = value
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (language === 'ru') return 'ru';
    if (language === 'en') return 'en';
    if (language === 'kk' || language === 'kz') return 'kz';
  }
  return null;
}
