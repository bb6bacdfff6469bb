'use client';

import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { EmptyState } from '@/components/ui/empty-state';
import { useFormat } from '@/lib/i18n/use-format';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { HISTORY_PER_PAGE, historyQueryOptions, type HistoryItem } from '../api/get-history';

const GAME_NAMES = ['dice', 'coinflip', 'keno', 'roulette', 'hilo', 'miner', 'cases'] as const;
/** A game the history has a translated name for (the server's English description is the fallback). */
const isGameName = (game: string): game is (typeof GAME_NAMES)[number] =>
  (GAME_NAMES as readonly string[]).includes(game);

/**
 * /profile/history: the balance movements, 20 a page, newest first. Kinds translated, amounts signed,
 * dates in the user's locale and timezone; an empty state, a loading state and an error with retry.
 */
export function HistoryList() {
  const t = useTranslations('history');
  const format = useFormat();
  const timeZone = useSessionStore((state) => state.user?.timezone);
  const [page, setPage] = useState(1);
  const history = useQuery(historyQueryOptions(page));

  if (history.isPending) {
    return (
      <div className="space-y-2 py-4" aria-busy="true" data-testid="history-loading">
        <span className="sr-only">{t('loading')}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-12 animate-pulse rounded-xl bg-panel-2" />
        ))}
      </div>
    );
  }
  if (history.isError) {
    return (
      <div className="py-4" data-testid="history-error">
        <EmptyState title={t('error')}>
          <button
            type="button"
            className={buttonClass.secondary}
            onClick={() => void history.refetch()}
            data-testid="history-retry"
          >
            {t('retry')}
          </button>
        </EmptyState>
      </div>
    );
  }
  const { items, total, per_page: perPage } = history.data;
  if (total === 0 && items.length === 0) {
    return (
      <div className="py-4" data-testid="history-empty">
        <EmptyState title={t('empty')} hint={t('emptyHint')}>
          <button
            type="button"
            className={buttonClass.primary}
            onClick={() => useModalStore.getState().open(MODAL.PayIn)}
          >
            {t('deposit')}
          </button>
        </EmptyState>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(total / (perPage || HISTORY_PER_PAGE)));
  const row = (item: HistoryItem) => (
    <li
      key={item.id}
      className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl border border-line bg-panel px-4 py-3"
      data-testid="history-item"
    >
      <span className="font-semibold" data-testid="history-kind">
        {t(`kind.${item.kind}`)}
      </span>
      <span
        className={`text-right font-semibold tabular-nums ${item.amount > 0 ? 'text-ok' : item.amount < 0 ? 'text-danger' : ''}`}
        data-testid="history-amount"
      >
        {format.signedMoney(item.amount, item.currency)}
      </span>
      <time className="text-sm text-muted" dateTime={item.created_at}>
        {format.dateTime(item.created_at, timeZone)}
      </time>
      <span className="text-right text-sm text-muted tabular-nums">
        {t(item.wallet === 'bonus' ? 'bonusBalanceAfter' : 'balanceAfter', {
          balance: format.money(item.balance_after, item.currency),
        })}
      </span>
      {item.game === 'crash' && item.crash_game !== undefined ? (
        <span className="col-span-2 text-sm text-muted" data-testid="history-game">
          {t(item.refund ? 'crashRefund' : 'crashGame', { id: item.crash_game })}
        </span>
      ) : item.slot_game !== undefined ? (
        <span className="col-span-2 text-sm text-muted" data-testid="history-game">
          {t(item.refund ? 'slotRefund' : item.free ? 'slotFreeWin' : 'slotRound', {
            game: item.slot_game,
            round: item.slot_round ?? '',
          })}
        </span>
      ) : item.game && isGameName(item.game) ? (
        <span className="col-span-2 text-sm text-muted" data-testid="history-game">
          {item.bet_id === undefined
            ? t(`games.${item.game}`)
            : t('gameBet', { game: t(`games.${item.game}`), id: item.bet_id })}
        </span>
      ) : item.description ? (
        <span className="col-span-2 text-sm text-muted">{item.description}</span>
      ) : null}
    </li>
  );

  return (
    <div className="space-y-4 py-4" aria-busy={history.isFetching || undefined}>
      <ul className="space-y-2" aria-label={t('listLabel')}>
        {items.map(row)}
      </ul>
      {pages > 1 ? (
        <nav className="flex items-center justify-between gap-3" aria-label={t('pagination')}>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page <= 1 || history.isFetching}
            onClick={() => setPage((p) => Math.max(1, p - 1))}
            data-testid="history-prev"
          >
            {t('prev')}
          </button>
          <span className="text-sm text-muted" data-testid="history-page">
            {t('pageOf', { page, pages })}
          </span>
          <button
            type="button"
            className={buttonClass.secondary}
            disabled={page >= pages || history.isFetching}
            onClick={() => setPage((p) => Math.min(pages, p + 1))}
            data-testid="history-next"
          >
            {t('next')}
          </button>
        </nav>
      ) : null}
    </div>
  );
}
