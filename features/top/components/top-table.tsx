'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalDateTime } from '@/components/ui/local-date-time';
import { PlayerName } from '@/components/ui/player-name';
import { firstData } from '@/lib/first-data';
import { useFormat } from '@/lib/i18n/use-format';
import type { TopReply, TopRow } from '../api/replies';
import { topQuery } from '../api/top-api';
import type { TopBoard, TopPeriod } from '../constants';
import { useTopLive } from './use-top-live';
import { LoadError } from '@/components/ui/load-error';

type Column = 'place' | 'player' | 'game' | 'amount' | 'payout' | 'multiplier' | 'at';

/** Wins and multipliers are single bets; wagered is each player's total, with no game, payout or time. */
const COLUMNS: Record<TopBoard, Column[]> = {
  wins: ['place', 'player', 'game', 'amount', 'payout', 'multiplier', 'at'],
  multipliers: ['place', 'player', 'game', 'amount', 'payout', 'multiplier', 'at'],
  wagered: ['place', 'player', 'amount'],
};

/**
 * A board of the top page: place, player ("Hidden" for one who hides their statistics; their avatar only
 * when shown), game, stake, payout, multiplier and time, asked for again when the `top` topic says it
 * changed. A table on wide screens, stacked rows on a phone. `first` is the server's copy.
 */
export function TopTable({
  board,
  period,
  first,
}: {
  board: TopBoard;
  period: TopPeriod;
  first: TopReply | null;
}) {
  const t = useTranslations('top');
  const games = useTranslations('history.games');
  const format = useFormat();
  const query = useQuery({ ...topQuery(board, period), ...firstData(first) });
  const connection = useTopLive();

  if (query.isPending) {
    return (
      <div role="status" aria-label={t('loading')} className="h-96 animate-pulse rounded-2xl bg-panel" />
    );
  }
  if (query.isError) {
    return <LoadError message={t('error')} retryLabel={t('retry')} onRetry={() => void query.refetch()} />;
  }
  if (query.data.rows.length === 0) return <EmptyState title={t(`empty.${period}`)} hint={t('emptyHint')} />;

  const columns = COLUMNS[board];
  const gameName = (game: string) => {
    const slug = game.includes(':') ? game.slice(game.indexOf(':') + 1) : null;
    if (slug) return slug.replace(/[-_]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
    const key = game.startsWith('room-') ? 'rooms' : game;
    if (key === 'sports') return t('sports');
    return games.has(key as 'dice') ? games(key as 'dice') : game;
  };
  const cell = (row: TopRow, column: Column): ReactNode => {
    switch (column) {
      case 'place':
        return row.place;
      case 'player':
        return <PlayerName player={row.player} avatar={row.avatar} hiddenLabel={t('hidden')} />;
      case 'game':
        return row.game ? gameName(row.game) : '—';
      case 'amount':
        return format.money(row.amount, row.currency);
      case 'payout':
        return row.payout === null ? '—' : format.money(row.payout, row.currency);
      case 'multiplier':
        return row.multiplier === null ? '—' : format.multiplier(row.multiplier);
      case 'at':
        return row.at ? <LocalDateTime value={row.at} /> : '—';
    }
  };
  const label = (column: Column) =>
    column === 'amount'
      ? t(board === 'wagered' ? 'columns.wagered' : 'columns.amount')
      : t(`columns.${column}`);
  const numeric = (column: Column) => column === 'amount' || column === 'payout' || column === 'multiplier';
  const cellClass = (column: Column) =>
    column === 'place'
      ? 'hidden font-semibold tabular-nums sm:table-cell'
      : column === 'player'
        ? 'col-span-2 sm:max-w-48'
        : `${numeric(column) ? 'tabular-nums sm:text-right' : ''} ${column === 'payout' ? 'text-ok' : ''}`;

  return (
    <div data-testid="top-board">
      {connection === 'reconnecting' ? (
        <p role="status" className="mb-2 text-sm text-muted">
          {t('reconnecting')}
        </p>
      ) : null}
      <table className="w-full text-sm" data-testid="top-table">
        <thead className="hidden text-left text-xs text-muted sm:table-header-group">
          <tr>
            {columns.map((column) => (
              <th
                key={column}
                scope="col"
                className={`px-2 py-2 font-normal ${numeric(column) ? 'text-right' : ''}`}
              >
                {label(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {query.data.rows.map((row) => (
            <tr
              key={`${row.place}-${row.player ?? ''}-${row.at ?? ''}`}
              className="grid grid-cols-2 gap-x-3 gap-y-1 border-t border-line py-3 sm:table-row sm:py-0"
              data-testid="top-row"
            >
              {columns.map((column) => (
                <td
                  key={column}
                  className={`min-w-0 sm:px-2 sm:py-2 ${cellClass(column)}`}
                  data-testid={`top-${column}`}
                >
                  {column === 'player' ? (
                    // On a phone the place leads the player's line (the place column is a table's only).
                    <span className="flex items-center gap-2">
                      <span className="font-semibold tabular-nums sm:hidden">{row.place}.</span>
                      {cell(row, column)}
                    </span>
                  ) : (
                    <>
                      {column === 'place' ? null : (
                        <span className="block text-xs text-muted sm:hidden">{label(column)}</span>
                      )}
                      {cell(row, column)}
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
