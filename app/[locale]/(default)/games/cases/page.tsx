import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { PageShell } from '@/components/layout/page-shell';
import { CasesLobby } from '@/features/games/cases/cases-lobby';
import { gameNamespaces } from '@/features/games/shared/namespaces';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('cases');

/** /games/cases: the page is static; the cases and their prices (in the player's currency) load in the browser. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages.cases');
  return (
    <PageShell path={ROUTES.cases} title={t('title')} description={t('description')}>
      <ScopedMessages namespaces={gameNamespaces('cases')}>
        <CasesLobby />
      </ScopedMessages>
    </PageShell>
  );
}
