import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import type { SingleGame } from '@/lib/routes';
import { BetLimitsTable } from './bet-limits-table';

/**
 * A single game's screen before its round engine is connected: it says the game takes no bets and
 * shows the limits that will apply. It never offers a control that would do nothing.
 */
export async function GameScreen({ game }: { game: SingleGame }) {
  const t = await getTranslations('empty');
  return (
    <div data-game={game}>
      <EmptyState title={t('gameClosed')} hint={t('gameClosedHint')} />
      <BetLimitsTable game={game} />
    </div>
  );
}
