'use client';

import { useTranslations } from 'next-intl';
import { useFormat } from '@/lib/i18n/use-format';
import type { VerifiedOutcome } from '@/lib/fair/verify';
import { cardLabel, isRedSuit } from './card-label';

/** A recomputed or stored outcome, written out for the player (the fairness panel). */
export function OutcomeView({
  outcome,
  caseItemName,
  testId,
}: {
  outcome: VerifiedOutcome;
  /** Cases: the name of the item the roll falls on, when the table is known. */
  caseItemName?: string;
  testId?: string;
}) {
  const t = useTranslations('games.fair.outcome');
  const format = useFormat();
  const text = (() => {
    switch (outcome.game) {
      case 'dice':
        return t('dice', { roll: format.decimal(outcome.roll, 2) });
      case 'coinflip':
        return t('coinflip', { side: t(outcome.result) });
      case 'roulette':
        return t('roulette', { pocket: outcome.pocket, color: t(outcome.color) });
      case 'keno':
        return t('keno', { hits: outcome.hits.join(', ') });
      case 'miner':
        return t('miner', {
          mines: [...outcome.mines]
            .sort((a, b) => a - b)
            .map((tile) => tile + 1)
            .join(', '),
        });
      case 'hilo':
        return null;
      case 'cases':
        return caseItemName
          ? t('casesItem', { roll: outcome.roll, item: caseItemName })
          : t('cases', { roll: outcome.roll });
    }
  })();
  if (outcome.game === 'hilo') {
    return (
      <ol className="flex flex-wrap gap-1" data-testid={testId} aria-label={t('hilo')}>
        {outcome.cards.map((card, i) => (
          <li
            key={i}
            className={`rounded-md bg-white px-1.5 py-0.5 text-sm font-bold ${isRedSuit(card.suit) ? 'text-red-600' : 'text-ink'}`}
          >
            {cardLabel(card)}
          </li>
        ))}
      </ol>
    );
  }
  return (
    <p className="break-words tabular-nums" data-testid={testId}>
      {text}
    </p>
  );
}
