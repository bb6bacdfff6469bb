import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { PageShell } from '@/components/layout/page-shell';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ROUTES, tournamentPath, validate } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ id: string }>;

export const generateMetadata = pageMetadata('tournament', (p) => ({ id: p.id }));

export default async function Page(props: Props) {
  const { id } = await enterPage(props);
  if (!validate.tournamentId(id)) notFound();
  const t = await getTranslations();
  return (
    <PageShell path={tournamentPath(id)} title={t('pages.tournament.title', { id })}>
      <EmptyState title={t('empty.tournamentUnavailable', { id })}>
        <LocaleLink href={ROUTES.tournaments} className={buttonClass.secondary}>
          {t('nav.tournaments')}
        </LocaleLink>
      </EmptyState>
    </PageShell>
  );
}
