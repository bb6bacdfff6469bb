import { notFound } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { BetSlipIsland } from '@/features/sportsbook/components/islands';
import { isLocale } from '@/lib/i18n/locales';

/**
 * The sportsbook's pages (/betting and its event pages) with the bet slip beside them: a column from
 * 1024 px on, a drawer opened from a button at the bottom on a phone (the slip's own spacer keeps the end
 * of the page clear of that button). The slip stays mounted from page to page.
 */
export default async function BettingLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!isLocale(locale)) notFound();
  setRequestLocale(locale);
  return (
    <div className="lg:grid lg:grid-cols-[minmax(0,1fr)_22rem]">
      {/* At least a screen tall on a phone, where the slip's place comes after the page: React sends a long
          list in a Suspense boundary (the events are one) after the rest of the page and shows it by script,
          sometimes a frame later; what follows the list must not be on the first screen then, or it moves
          down when the list comes (Lighthouse measured a layout shift of 0.1 on /betting in some runs). */}
      <div className="min-w-0 max-lg:min-h-svh">{children}</div>
      {/* As tall as the page beside it, so that the slip's own sticky panel can follow the scroll. */}
      <div className="min-w-0 px-4 sm:px-6 lg:py-6 lg:pl-0" data-testid="betting-slip-column">
        <ScopedMessages namespaces={['sports', 'sportsSlip', 'error']}>
          <BetSlipIsland />
        </ScopedMessages>
      </div>
    </div>
  );
}
