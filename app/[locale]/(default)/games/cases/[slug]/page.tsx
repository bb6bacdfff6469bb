import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { PageShell } from '@/components/layout/page-shell';
import { CaseGame } from '@/features/games/cases/case-game';
import { gameNamespaces } from '@/features/games/shared/namespaces';
import { caseGamePath, validate } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ slug: string }>;

export const generateMetadata = pageMetadata('case', (p) => ({ slug: p.slug }));

/**
 * /games/cases/{slug}: a slug failing the route's rule is a 404 here; the case itself loads in the
 * browser, and an unknown one shows the app's 404 there (`notFound()` in CaseGame).
 */
export default async function Page(props: Props) {
  const { slug } = await enterPage(props);
  if (!validate.slug(slug)) notFound();
  const t = await getTranslations('pages');
  return (
    <PageShell path={caseGamePath(slug)} title={t('case.title', { slug })}>
      <ScopedMessages namespaces={gameNamespaces('cases')}>
        <CaseGame slug={slug} />
      </ScopedMessages>
    </PageShell>
  );
}
