'use client';

import { useTranslations } from 'next-intl';
import { useFormat } from '@/lib/i18n/use-format';
import { useCrashHistory } from '../api/get-crash-history';
import { CRASH_STRIP_SIZE } from './constants';
import { crashPointTone, type CrashPointTone } from './crash-curve-math';
import type { CrashBust } from './crash-round';
import { useCrashRoundStore } from './crash-round-store';

const TONE_CLASS: Record<CrashPointTone, string> = {
  low: 'text-danger',
  mid: 'text-ok',
  high: 'text-gold',
};

/** The recent crash points, newest first: the socket's busts before the loaded history, without repeats. */
export function mergeRecentPoints(
  busts: CrashBust[],
  history: { id: number; crash_point: number }[] | undefined,
  size = CRASH_STRIP_SIZE,
): { id: number; crash_point: number }[] {
  const seen = new Set(busts.map((bust) => bust.id));
  return [...busts, ...(history ?? []).filter((game) => !seen.has(game.id))]
    .sort((a, b) => b.id - a.id)
    .slice(0, size);
}

/**
 * The strip of recent crash points above the curve (`GET /crash/history`, then each bust the socket
 * tells), coloured by value. One line: the points that do not fit are left out, never scrolled sideways.
 */
export function CrashHistoryStrip() {
  const t = useTranslations('games.crash.strip');
  const format = useFormat();
  const history = useCrashHistory(CRASH_STRIP_SIZE);
  const busts = useCrashRoundStore((state) => state.busts);
  const points = mergeRecentPoints(busts, history.data?.items);

  return (
    <div className="mb-3 flex min-h-8 items-center gap-2">
      <h3 className="sr-only">{t('title')}</h3>
      {points.length === 0 ? (
        <p className="text-xs text-muted">{history.isPending ? '' : t('empty')}</p>
      ) : (
        <ol
          className="flex h-7 min-w-0 flex-1 flex-wrap gap-x-1.5 gap-y-4 overflow-hidden"
          aria-label={t('title')}
          data-testid="crash-strip"
        >
          {points.map((game) => (
            <li
              key={game.id}
              className={`h-7 rounded-lg bg-panel-2 px-2 text-xs leading-7 font-semibold tabular-nums ${TONE_CLASS[crashPointTone(game.crash_point)]}`}
              data-testid="crash-strip-point"
              data-game-id={game.id}
            >
              <span className="sr-only">{t('game', { id: game.id })} </span>
              {format.multiplier(game.crash_point)}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
