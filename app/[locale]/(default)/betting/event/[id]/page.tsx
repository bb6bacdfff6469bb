import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { PageShell } from '@/components/layout/page-shell';
import { sportEventFirstScreen } from '@/features/sportsbook/api/first-screen';
import { SportEventPage } from '@/features/sportsbook/components/sport-event-page';
import { eventPath, isEventId } from '@/features/sportsbook/view';
import { isLocale } from '@/lib/i18n/locales';
import { ROUTES } from '@/lib/routes';
import { enterPage, type LocaleParams } from '@/app/[locale]/_lib/page';

type Props = LocaleParams<{ id: string }>;

/** The event in the HTML is read again at most this often (SPORTS_REVALIDATE_S of first-screen.ts). */
export const revalidate = 30;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, id } = await params;
  if (!isLocale(locale) || !isEventId(id)) notFound();
  const [t, pages, read] = await Promise.all([
    getTranslations({ locale, namespace: 'sports.event' }),
    getTranslations({ locale, namespace: 'pages.betting' }),
    sportEventFirstScreen(id),
  ]);
  if (read.status !== 'ok') return { title: pages('title'), description: pages('description') };
  const { home, away, league } = read.value;
  return {
    title: t('title', { home, away }),
    description: t('description', { home, away, league: league.name }),
  };
}

/** /betting/event/{id}: one event with every market, live (issue 18); 404 when the API does not know it. */
export default async function Page(props: Props) {
  const { id } = await enterPage(props);
  if (!isEventId(id)) notFound();
  const read = await sportEventFirstScreen(id);
  if (read.status === 'missing') notFound();
  const event = read.status === 'ok' ? read.value : null;
  const [t, pages] = await Promise.all([getTranslations('sports.event'), getTranslations('pages.betting')]);
  return (
    <PageShell
      path={eventPath(id)}
      title={event ? t('title', { home: event.home, away: event.away }) : pages('title')}
      actions={
        <LocaleLink href={ROUTES.betting} className="btn-ghost" data-testid="event-back">
          <span aria-hidden="true">←&nbsp;</span>
          {t('back')}
        </LocaleLink>
      }
    >
      <SportEventPage id={id} first={event} />
    </PageShell>
  );
}
