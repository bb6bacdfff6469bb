'use client';

// First: zod must not probe for eval under the Content-Security-Policy (lib/zod-config.ts).
import '@/lib/zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { HydrationMarker } from '@/components/layout/hydration-marker';
import { PageViewTracker } from '@/components/layout/page-view-tracker';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { Notifications } from '@/components/ui/notifications';
import { SimpleAuth } from '@/features/auth/components/simple-auth';
import { CustomerMessaging } from '@/features/customer-messaging/components/customer-messaging';
import { QueryFlagDialogs } from '@/features/modals/components/query-flag-dialogs';
import { PwaLoader } from '@/features/pwa/components/pwa-loader';
import { useTranslations } from 'next-intl';
import { LOCALE_COOKIE_MAX_AGE_S, LOCALE_COOKIE_NAME } from '@/lib/i18n/cookie';
import type { Locale } from '@/lib/i18n/locales';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { ModalHost } from './modal-host';
import { inTurn } from '@/lib/shared-modules';

// Renders nothing and starts API calls: loaded after hydration, off the first load (client-effects.tsx).
const ClientEffects = lazy(() =>
  inTurn(() => import('./client-effects')).then((module) => ({ default: module.ClientEffects })),
);

/** Client-side state that every page shares: the query cache, the locale the HTTP client sends. */
export function AppProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = useTranslations('notifications');
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  // Set during render so requests made by children in this same render carry the right language.
  if (useLocaleStore.getState().locale !== locale) useLocaleStore.getState().setLocale(locale);
  // The page's language is the visitor's from now on (an address without one follows it). The middleware
  // sets the cookie too, but a navigation the offline worker fetched may not store its Set-Cookie.
  useEffect(() => {
    if (readCookie(LOCALE_COOKIE_NAME) === locale) return;
    document.cookie = `${LOCALE_COOKIE_NAME}=${locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_S}; SameSite=Lax`;
  }, [locale]);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ScrollManager />
      <ModalHost />
      <Notifications closeLabel={t('close')} />
      {/* The offline worker, the build check and the install prompt, fetched once the page is idle. */}
      <PwaLoader />
      {/* The customer-messaging script (when configured), loaded once the page is idle. */}
      <CustomerMessaging />
      <Suspense fallback={null}>
        {/* SimpleAuth first: its layout effect takes the token out of the address before the others run. */}
        <SimpleAuth />
        <PageViewTracker />
        <QueryFlagDialogs />
      </Suspense>
      {/* A boundary of its own: while its chunk loads, the page view tracker above already runs. */}
      <Suspense fallback={null}>
        <ClientEffects />
        {/* Last: <html data-hydrated> once everything above runs (browser tests wait on it). */}
        <HydrationMarker />
      </Suspense>
    </QueryClientProvider>
  );
}

function readCookie(name: string): string | undefined {
  return document.cookie
    .split('; ')
    .find((entry) => entry.startsWith(`${name}=`))
    ?.slice(name.length + 1);
}
