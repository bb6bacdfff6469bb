import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { isLocale } from '@/lib/i18n/locales';

/**
 * The offline page (spec section 4), one per language: precached by the offline worker (app/sw.ts), which
 * answers a navigation with it when the network fails. Static and script-free where it matters: the
 * retry is a plain link, so it works before any code loads.
 */
export async function generateMetadata({
  params,
}: {
  params: Promise<{ locale: string }>;
}): Promise<Metadata> {
  const { locale } = await params;
  if (!isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'pwa.offline' });
  return { title: t('title'), robots: { index: false } };
}

export default async function OfflinePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'pwa.offline' });
  return (
    <main
      data-testid="offline-page"
      className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center"
    >
      <h1 className="text-2xl font-semibold">{t('title')}</h1>
      <p className="text-muted">{t('text')}</p>
      <a href={`/${locale}`} className="btn-primary">
        {t('retry')}
      </a>
    </main>
  );
}
