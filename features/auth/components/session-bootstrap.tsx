'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useEffect, useRef } from 'react';
import { profileQueryOptions } from '@/lib/session/get-profile';
import { updateSettings } from '@/lib/session/update-settings';
import { isLocale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The logged-in session on every page (spec section 4): with a token the profile is fetched; a failed
 * fetch is logged and logs the user out locally. A missing timezone is guessed and saved.
 *
 * The user's saved locale (English when it is not supported) is applied when they sign in on this page.
 * A page opened with a session already in place keeps the language its address names: a `/ru/…` link
 * renders Russian for everybody (issue 22), and next-intl's middleware has already set the locale
 * cookie to it; only an address without a prefix follows the cookie.
 */
export function SessionBootstrap() {
  const token = useSessionStore((state) => state.token);
  const { data, error } = useQuery({ ...profileQueryOptions(), enabled: token !== null });
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();
  const appliedFor = useRef<number | null>(null);
  // Whether the page was opened signed in (the token cookie is read when the store is created).
  const openedSignedIn = useRef(useSessionStore.getState().token !== null);

  useEffect(() => {
    if (!error) return;
    console.error('profile fetch failed', error);
    useSessionStore.getState().clearSession();
  }, [error]);

  useEffect(() => {
    const user = data?.user;
    if (!user || appliedFor.current === user.id) return;
    appliedFor.current = user.id;
    if (!user.timezone) {
      const guessed = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (guessed)
        updateSettings({ timezone: guessed }).catch((e: unknown) => console.error('timezone save failed', e));
    }
    if (openedSignedIn.current) {
      openedSignedIn.current = false;
    } else if (user.locale) {
      const wanted = isLocale(user.locale) ? user.locale : 'en';
      if (wanted !== locale)
        router.replace(`${pathname}${window.location.search}`, { locale: wanted, scroll: false });
    }
  }, [data, locale, pathname, router]);

  return null;
}
