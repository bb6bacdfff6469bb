'use client';

import { useQuery } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useEffect, type RefObject } from 'react';
import { profileQueryOptions } from '@/lib/session/get-profile';
import { updateSettings } from '@/lib/session/update-settings';
import { isLocale } from '@/lib/i18n/locales';
import { usePathname, useRouter } from '@/lib/i18n/navigation';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The signed-in half of SessionBootstrap (session-bootstrap.tsx, which documents it), in a chunk of its
 * own: the profile call, its schemas and zod load only for a page with a session, never for a guest.
 * Its two refs belong to SessionBootstrap, so that they outlive a log-out.
 */
export function SignedInSession({
  appliedForRef,
  openedSignedInRef,
}: {
  appliedForRef: RefObject<number | null>;
  openedSignedInRef: RefObject<boolean>;
}) {
  const { data, error } = useQuery(profileQueryOptions());
  const locale = useLocale();
  const pathname = usePathname();
  const router = useRouter();

  useEffect(() => {
    if (!error) return;
    console.error('profile fetch failed', error);
    useSessionStore.getState().clearSession();
  }, [error]);

  useEffect(() => {
    const user = data?.user;
    if (!user || appliedForRef.current === user.id) return;
    appliedForRef.current = user.id;
    if (!user.timezone) {
      const guessed = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (guessed)
        updateSettings({ timezone: guessed }).catch((e: unknown) => console.error('timezone save failed', e));
    }
    if (openedSignedInRef.current) {
      openedSignedInRef.current = false;
    } else if (user.locale) {
      const wanted = isLocale(user.locale) ? user.locale : 'en';
      if (wanted !== locale)
        router.replace(`${pathname}${window.location.search}`, { locale: wanted, scroll: false });
    }
  }, [data, locale, pathname, router, appliedForRef, openedSignedInRef]);

  return null;
}
