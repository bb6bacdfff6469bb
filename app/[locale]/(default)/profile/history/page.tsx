import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { HistoryList } from '@/features/billing/components/history-list';
import { PayoutHistory } from '@/features/billing/components/payout-history';
import { MyBets } from '@/features/sportsbook/bets/my-bets';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('profileHistory');

/** The history is personal and read with the session token in the browser: no server prefetch. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.profileHistory');
  return (
    <PageShell path={ROUTES.profileHistory} title={t('title')} description={t('description')}>
      <ScopedMessages
        namespaces={[
          'history',
          'billing.withdraw',
          'sportsSlip.myBets',
          'sports.period',
          'sports.market',
          'sports.hockeyMarket',
          'sports.outcome',
          'error',
        ]}
      >
        <PayoutHistory />
        <HistoryList />
        <div className="mt-8">
          <MyBets heading />
        </div>
      </ScopedMessages>
    </PageShell>
  );
}
