import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import type { Room } from '@/lib/routes';
import { BetLimitsTable } from './bet-limits-table';
import { ROOM_BET_GAME } from './rooms';

export async function RoomScreen({ room }: { room: Room }) {
  const t = await getTranslations('empty');
  return (
    <div data-game={`room-${room}`}>
      <EmptyState title={t('gameClosed')} hint={t('gameClosedHint')} />
      <BetLimitsTable game={ROOM_BET_GAME[room]} />
    </div>
  );
}
