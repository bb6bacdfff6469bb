'use client';

import { useTranslations } from 'next-intl';
import { useId } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import type { Currency } from '@/lib/constants/currencies';
import type { RoomName } from '@/lib/constants/rooms';
import type { RoomRound } from '@/lib/contracts/rooms';
import { useFormat } from '@/lib/i18n/use-format';
import { useRoomHistory } from '../api/get-room-history';

/**
 * A room's last finished rounds (`GET /rooms/{room}/history`), newest first: the pot, the winner and what
 * they got, the ticket, and the proof (seed hash, revealed seed, stakes) with a button that verifies the
 * round (`onVerify`). Rows wrap instead of scrolling sideways on a phone.
 */
export function RoomHistory({
  room,
  currency,
  onVerify,
}: {
  room: RoomName;
  currency: Currency;
  onVerify: (round: RoomRound) => void;
}) {
  const t = useTranslations('rooms.history');
  const format = useFormat();
  const history = useRoomHistory(room, currency);
  const headingId = useId();

  let body;
  if (history.isPending) {
    body = (
      <p className="text-sm text-muted" role="status">
        {t('loading')}
      </p>
    );
  } else if (history.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm" role="alert">
        <span className="text-danger">{t('failed')}</span>
        <button type="button" className={buttonClass.secondary} onClick={() => void history.refetch()}>
          {t('retry')}
        </button>
      </div>
    );
  } else if (history.data.items.length === 0) {
    body = (
      <p className="text-sm text-muted" data-testid="room-history-empty">
        {t('empty')}
      </p>
    );
  } else {
    body = (
      <ol className="text-sm" data-testid="room-history">
        {history.data.items.map((round) => (
          <li
            key={round.id}
            className="border-t border-line py-2 first:border-t-0"
            data-testid="room-history-round"
          >
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="tabular-nums text-muted">#{round.id}</span>
              <span className="tabular-nums">
                <span className="sr-only">{t('pot')} </span>
                {format.money(round.pot, round.currency)}
              </span>
              <span className="min-w-0 flex-1 truncate" data-testid="room-history-winner">
                {round.winner
                  ? t('winner', {
                      player: round.winner.player,
                      amount: format.money(round.winner.payout, round.currency),
                    })
                  : '—'}
              </span>
              <button
                type="button"
                onClick={() => onVerify(round)}
                aria-label={t('verifyRound', { id: round.id })}
                className={buttonClass.inline}
                data-testid="room-history-verify"
              >
                {t('verify')}
              </button>
            </div>
            <details className="mt-1 text-xs text-muted">
              <summary className="cursor-pointer select-none">{t('proof')}</summary>
              <dl className="mt-1 grid gap-1">
                <dt>{t('seedHash')}</dt>
                <dd className="break-all font-mono" title={round.seed_hash}>
                  {round.seed_hash}
                </dd>
                <dt>{t('seed')}</dt>
                <dd className="break-all font-mono">{round.seed ?? '—'}</dd>
                <dt>{t('ticket')}</dt>
                <dd className="font-mono">{round.ticket}</dd>
                <dt>{t('stakes', { count: round.stakes.length })}</dt>
                <dd className="break-all font-mono">
                  {round.stakes
                    .map(
                      (stake) => `#${stake.id} ${stake.player} ${format.money(stake.amount, round.currency)}`,
                    )
                    .join(', ')}
                </dd>
              </dl>
            </details>
          </li>
        ))}
      </ol>
    );
  }

  return (
    <section aria-labelledby={headingId} className="min-w-0 rounded-2xl border border-line bg-panel p-4">
      <h3 id={headingId} className="mb-2 font-semibold">
        {t('title')}
      </h3>
      {body}
    </section>
  );
}
