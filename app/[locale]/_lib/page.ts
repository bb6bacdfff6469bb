import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale, type Locale } from '@/lib/i18n/locales';

export interface LocaleParams<P extends object = object> {
  params: Promise<{ locale: string } & P>;
}

/** Reads the locale of a page and enables static rendering for it. */
export async function enterPage<P extends object>({
  params,
}: LocaleParams<P>): Promise<{ locale: Locale } & P> {
  const resolved = await params;
  if (!isLocale(resolved.locale)) notFound();
  setRequestLocale(resolved.locale);
  return resolved as { locale: Locale } & P;
}

import type messages from '@/messages/en.json';

export type PageKey = keyof (typeof messages)['pages'];

/** `generateMetadata` for a page whose title and description live under `pages.<key>`. */
export function pageMetadata(
  key: PageKey,
  values?: (params: Record<string, string>) => Record<string, string>,
) {
  return async function generateMetadata({ params }: LocaleParams): Promise<Metadata> {
    const resolved = (await params) as { locale: string } & Record<string, string>;
    if (!isLocale(resolved.locale)) notFound();
    const t = await getTranslations({ locale: resolved.locale, namespace: 'pages' });
    const v = values?.(resolved) ?? {};
    const title = t(`${key}.title` as never, v as never);
    const descKey = `${key}.description`;
    return { title, description: t.has(descKey as never) ? t(descKey as never, v as never) : undefined };
  };
}
