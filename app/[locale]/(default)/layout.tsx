import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Suspense, type ReactNode } from 'react';
import { Footer } from '@/components/layout/footer';
import { Header } from '@/components/layout/header';
import { SupportChatButton } from '@/features/support-chat/components/support-chat-button';
import { BonusBarLoader } from '@/features/bonuses/components/bonus-bar-loader';
import { isLocale } from '@/lib/i18n/locales';

/** The default layout of spec section 2: header, bonus bar, content, footer and the support-chat button. */
export default async function DefaultLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  // Layouts render side by side: [locale]'s layout refuses an unknown language, but this one must not read
  // the request's language (headers) for it first. `/favicon.ico` and `/logo.png` land here (addresses
  // with a dot skip the middleware), and reading headers in this pre-rendered segment made them a 500.
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations('app');
  return (
    <div className="flex min-h-screen flex-col" data-layout="default">
      <a href="#content" className="skip-link">
        {t('skipToContent')}
      </a>
      {/* The header is part of the shell, not in a Suspense boundary: an async part in a boundary of its
          own completes after the shell and is streamed after the page (a hidden copy swapped in by a
          script), so a first paint before that swap showed the page without its header, then moved it
          all down (Lighthouse: CLS 0.135 on /ru in some runs). The parts below the fold keep their own
          boundaries: React hydrates them one by one after the first pass, in short tasks. */}
      <Header />
      {/* Reads the query (promo) and the session in the browser: its space is kept in the server HTML. */}
      <Suspense>
        <BonusBarLoader />
      </Suspense>
      {/* At least a screen tall: the footer starts below the fold, so content that arrives after hydration
          (a signed-in player's lists) does not move it on screen. */}
      <main id="content" className="min-h-svh flex-1" tabIndex={-1}>
        {/* Not in a boundary of its own: a page's notFound() must still make the answer a 404 (an error
            inside a Suspense boundary is caught there, after a 200 is sent). PageShell has the boundary. */}
        {children}
      </main>
      <Suspense>
        <Footer />
      </Suspense>
      <Suspense>
        <SupportChatButton />
      </Suspense>
    </div>
  );
}
