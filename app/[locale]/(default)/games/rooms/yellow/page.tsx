import { getTranslations } from 'next-intl/server';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { PageShell } from '@/components/layout/page-shell';
import { RoomFairness } from '@/features/games/rooms/room-fairness';
import { RoomGameIsland } from '@/features/games/islands';
import { ROUTES } from '@/lib/routes';
import { enterPage, pageMetadata, type LocaleParams } from '@/app/[locale]/_lib/page';

export const generateMetadata = pageMetadata('roomYellow');

/** /games/rooms/yellow: the live round, the stake form, and the room's provably fair section. */
export default async function Page(props: LocaleParams) {
  await enterPage(props);
  const t = await getTranslations('pages');
  // The room, then how every room plays: the page's first text says what the game is (and, being the
  // largest text painted with the server HTML, is the page's LCP, not the bonus bar that comes later).
  const description = `${t('roomYellow.description')} ${t('rooms.howItWorks')}`;
  return (
    <PageShell path={ROUTES.roomYellow} title={t('roomYellow.title')} description={description}>
      <ScopedMessages
        namespaces={['rooms.room', 'rooms.rules', 'rooms.form', 'rooms.errors', 'games.shared', 'error']}
      >
        <RoomGameIsland room="yellow" />
      </ScopedMessages>
      <RoomFairness room="yellow" />
    </PageShell>
  );
}
