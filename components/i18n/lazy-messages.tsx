'use client';

import { NextIntlClientProvider, useLocale, useMessages, useTimeZone, type Messages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import { isLocale, type Locale } from '@/lib/i18n/locales';

type Namespace = keyof Messages;

const LOADERS: Record<Locale, () => Promise<Messages>> = {
  ru: () => import('@/messages/ru.json').then((module) => module.default as Messages),
  en: () => import('@/messages/en.json').then((module) => module.default as Messages),
  kz: () => import('@/messages/kz.json').then((module) => module.default as Messages),
};

const loaded = new Map<Locale, Promise<Messages>>();
const ready = new Map<Locale, Messages>();

const localeOf = (locale: string): Locale => (isLocale(locale) ? locale : 'ru');

/** The messages of a locale, fetched once per page (a separate chunk, not part of the first load). */
export function loadMessages(locale: string): Promise<Messages> {
  const key = localeOf(locale);
  let promise = loaded.get(key);
  if (!promise) {
    promise = LOADERS[key]();
    promise.then(
      (messages) => ready.set(key, messages),
      () => loaded.delete(key), // a later opening may try again
    );
    loaded.set(key, promise);
  }
  return promise;
}

/**
 * Gives the client components below it the namespaces they use that the page did not send to the
 * browser (the dialogs' texts: they are fetched with the dialogs' code, when one first opens). Renders
 * nothing until they are in; the page's own messages stay as they are.
 */
export function LazyMessages({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[];
  children: ReactNode;
}) {
  const locale = useLocale();
  const timeZone = useTimeZone();
  const current = useMessages();
  const [all, setAll] = useState(() => ready.get(localeOf(locale)) ?? null);
  useEffect(() => {
    let active = true;
    loadMessages(locale).then(
      (messages) => {
        if (active) setAll(messages);
      },
      (error: unknown) => console.error('messages failed to load', error),
    );
    return () => {
      active = false;
    };
  }, [locale]);
  if (!all) return null;
  const messages = { ...current } as Record<string, unknown>;
  for (const namespace of namespaces) messages[namespace] = all[namespace];
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={messages as Messages}>
      {children}
    </NextIntlClientProvider>
  );
}
