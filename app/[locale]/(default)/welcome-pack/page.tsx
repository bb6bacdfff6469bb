import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { WageringRules } from '@/features/bonuses/components/wagering-rules';
import { WelcomePackSteps } from '@/features/bonuses/components/welcome-pack-steps';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('welcomePack');

/**
 * The stages of the welcome pack and how bets count towards their wagering; a logged-in user's progress is
 * read in the browser, so nothing is prefetched.
 */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.welcomePack');
  return (
    <PageShell path={ROUTES.welcomePack} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={['bonuses']}>
        <div className="space-y-8">
          <WelcomePackSteps />
          <WageringRules />
        </div>
      </ScopedMessages>
    </PageShell>
  );
}
