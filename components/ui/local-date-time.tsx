'use client';

import { useLocale } from 'next-intl';
import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { Locale } from '@/lib/i18n/locales';
import { useFormat } from '@/lib/i18n/use-format';

const never = () => () => {};

/**
 * The zone a page's times are written in on the server (which cannot know the browser's): the one most of
 * the language's players live in, so the time rarely changes when the browser's takes over.
 */
const HOME_ZONE: Record<Locale, string> = { ru: 'Europe/Moscow', kz: 'Asia/Almaty', en: 'UTC' };

/** Work to do later, one piece per task of the browser: see `inItsOwnTask`. */
const pending: (() => void)[] = [];

/**
 * Runs `work` in a task of its own after the current one (after hydration, for the times a page was served
 * with), one at a time in order. Returns a cancel. The first date formatter a page makes costs the
 * browser its time-zone and calendar data, tens of milliseconds on a phone: alone in a task, that is
 * all the page waits for; within hydration's last task, it made that task one of the page's longest.
 */
function inItsOwnTask(work: () => void): () => void {
  pending.push(work);
  if (pending.length === 1) setTimeout(runNext, 0);
  return () => {
    const index = pending.indexOf(work);
    if (index > 0) pending.splice(index, 1);
    else if (index === 0) pending[0] = () => {};
  };
}

function runNext() {
  const work = pending[0];
  try {
    work();
  } finally {
    pending.shift();
    if (pending.length > 0) setTimeout(runNext, 0);
  }
}

/**
 * A date and time in the browser's time zone. The server writes it in the language's home zone; hydration
 * formats nothing and keeps the server's text (the one text child hydration is told not to compare), and
 * the browser's text follows, formatted in a task of its own. A time that mounts after hydration (or
 * whose value changes) is formatted at once.
 */
export function LocalDateTime({ value, className }: { value: string; className?: string }) {
  const format = useFormat();
  const locale = useLocale() as Locale;
  const hydrated = useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
  /** The value whose text the server wrote, for an instance that hydrated; null for one mounted later. */
  const [serverValue] = useState(hydrated ? null : value);
  const [browser, setBrowser] = useState<{ value: string; text: string } | null>(null);
  const showBrowserText = useEffectEvent((of: string) =>
    setBrowser({ value: of, text: format.dateTime(of) }),
  );
  useEffect(() => {
    if (serverValue !== null) return inItsOwnTask(() => showBrowserText(serverValue));
  }, [serverValue]);

  let text: string;
  if (typeof window === 'undefined') text = format.dateTime(value, HOME_ZONE[locale] ?? 'UTC');
  else if (browser?.value === value) text = browser.text;
  // Hydrating, and until the browser's text is ready: the DOM keeps the server's text. React is given the
  // value itself, the same string on every render, so it never rewrites that text.
  else if (value === serverValue) text = value;
  else text = format.dateTime(value);
  return (
    <time dateTime={value} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}
