'use client';

// First: zod must not probe for eval under the Content-Security-Policy (lib/zod-config.ts).
import '@/lib/zod-config';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { PageViewTracker } from '@/components/layout/page-view-tracker';
import { ScrollManager } from '@/components/layout/scroll-manager';
import { Notifications } from '@/components/ui/notifications';
import { FirstLoadSso } from '@/features/auth/components/first-load-sso';
import { SessionBootstrap } from '@/features/auth/components/session-bootstrap';
import { SimpleAuth } from '@/features/auth/components/simple-auth';
import { QueryFlagDialogs } from '@/features/modals/components/query-flag-dialogs';
import { AttributionCapture } from '@/features/traffic/components/attribution-capture';
import { useTranslations } from 'next-intl';
import type { Locale } from '@/lib/i18n/locales';
import { useLocaleStore } from '@/lib/stores/locale-store';
import { ModalHost } from './modal-host';

/** Client-side state that every page shares: the query cache, the locale the HTTP client sends. */
export function AppProviders({ locale, children }: { locale: Locale; children: ReactNode }) {
  const t = useTranslations('notifications');
  const [queryClient] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, refetchOnWindowFocus: false } } }),
  );
  // Set during render so requests made by children in this same render carry the right language.
  if (useLocaleStore.getState().locale !== locale) useLocaleStore.getState().setLocale(locale);

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <ScrollManager />
      <SessionBootstrap />
      <FirstLoadSso />
      <ModalHost />
      <Notifications closeLabel={t('close')} />
      <Suspense fallback={null}>
        <PageViewTracker />
        <QueryFlagDialogs />
        <SimpleAuth />
        <AttributionCapture />
      </Suspense>
    </QueryClientProvider>
  );
}
