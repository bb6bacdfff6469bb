import type { Metadata, Viewport } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale, NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { isLocale, LOCALE_RECORDS, LOCALES } from '@/lib/i18n/locales';
import type { MessagePath } from '@/components/i18n/scoped-messages';
import { pickMessages } from '@/lib/i18n/pick-messages';
import { INSTALL_PROMPT_CAPTURE_SCRIPT } from '@/lib/pwa/install-prompt';
import { routing } from '@/lib/i18n/routing';
import { SESSION_MARK_SCRIPT } from '@/lib/stores/session-store';
import { AppProviders } from './_components/app-providers';
import '../globals.css';

/**
 * What the client components of every page use. The dialogs' texts (auth, billing, error) are fetched
 * with the dialogs' code when one opens (components/i18n/lazy-messages.tsx); route-only ones are sent by
 * those routes (ScopedMessages).
 */
const CLIENT_MESSAGES = [
  'nav',
  'header',
  'language',
  'auth.logout',
  'supportChat',
  'notFound',
  'errorPage',
  'account',
  'notifications',
  'bonusBar',
  'vip.badge',
  'pwa.update',
  'pwa.install',
] as const satisfies readonly MessagePath[];

export function generateStaticParams() {
  return LOCALES.map((locale) => ({ locale }));
}

export const viewport: Viewport = {
  themeColor: '#0f1220',
  width: 'device-width',
  initialScale: 1,
};

export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'app' });
  return {
    title: { default: t('name'), template: `%s · ${t('name')}` },
    description: t('description'),
    applicationName: t('name'),
    manifest: '/manifest.webmanifest',
    // The home-screen icon of iOS, which reads no manifest icons.
    icons: { apple: [{ url: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] },
    appleWebApp: { capable: true, title: t('name'), statusBarStyle: 'black-translucent' },
    // hreflang alternates and the canonical address are absolute, so they depend on the mirror host: the
    // middleware sends them in a Link header (lib/seo/links.ts); the static HTML carries none.
  };
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const record = LOCALE_RECORDS[locale];
  const messages = await getMessages();
  // Client components get only the namespaces they use; long texts (FAQ, policies) stay on the server.
  const clientMessages = pickMessages(messages, CLIENT_MESSAGES);

  return (
    // suppressHydrationWarning: the inline script sets data-session on <html> before React hydrates it.
    <html lang={record.iso} dir={record.direction} suppressHydrationWarning>
      <body className="min-h-screen antialiased">
        <script dangerouslySetInnerHTML={{ __html: SESSION_MARK_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: INSTALL_PROMPT_CAPTURE_SCRIPT }} />
        <NextIntlClientProvider messages={clientMessages}>
          <AppProviders locale={locale}>{children}</AppProviders>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
