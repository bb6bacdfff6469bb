import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { PageShell } from '@/components/layout/page-shell';
import { tournamentFirstScreen } from '@/features/tournaments/api/first-screen';
import { TournamentPage } from '@/features/tournaments/components/tournament-page';
import { localized } from '@/features/tournaments/labels';
import { isLocale } from '@/lib/i18n/locales';
import { ROUTES, tournamentPath, validate } from '@/lib/routes';
import { enterPage, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ id: string }>;

/** The tournament in the HTML is read again at most this often (TOURNAMENTS_REVALIDATE_S). */
export const revalidate = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  if (!isLocale(locale) || !validate.tournamentId(id)) notFound();
  const [t, read] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.tournament' }),
    tournamentFirstScreen(Number(id)),
  ]);
  const title = read.status === 'ok' ? localized(read.value.tournament.title, locale) : t('title', { id });
  return { title, description: t('description') };
}

/** /tournament/{id}: one tournament with its prizes, rules and live leaderboard (issue 19); 404 when unknown. */
export default async function Page(props: Props) {
  const { id, locale } = await enterPage(props);
  if (!validate.tournamentId(id)) notFound();
  const read = await tournamentFirstScreen(Number(id));
  if (read.status === 'missing') notFound();
  const first = read.status === 'ok' ? read.value : null;
  const t = await getTranslations();
  return (
    <PageShell
      path={tournamentPath(id)}
      title={first ? localized(first.tournament.title, locale) : t('pages.tournament.title', { id })}
      actions={
        <LocaleLink href={ROUTES.tournaments} className="btn-ghost">
          <span aria-hidden="true">←&nbsp;</span>
          {t('tournaments.back')}
        </LocaleLink>
      }
    >
      <TournamentPage id={Number(id)} first={first} />
    </PageShell>
  );
}
