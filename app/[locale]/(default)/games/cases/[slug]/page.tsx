import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/lib/i18n/navigation';
import { caseGamePath, ROUTES, validate } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ slug: string }>;

export const generateMetadata = pageMetadata('case', (p) => ({ slug: p.slug }));

export default async function Page(props: Props) {
  const { slug } = await enterPage(props);
  if (!validate.slug(slug)) notFound();
  const t = await getTranslations();
  return (
    <PageShell path={caseGamePath(slug)} title={t('pages.case.title', { slug })}>
      <EmptyState title={t('empty.caseUnavailable', { slug })} hint={t('empty.lobbyEmptyHint')}>
        <Link href={ROUTES.cases} className={buttonClass.secondary}>
          {t('empty.backToLobby')}
        </Link>
      </EmptyState>
    </PageShell>
  );
}
