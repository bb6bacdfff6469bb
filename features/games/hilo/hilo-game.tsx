'use client';

import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';
import type { Card } from '@/lib/contracts/games';
import { MAX_RANK, MIN_RANK, RANK_COUNT } from '@/lib/fair/cards';
import { HILO_MAX_CARDS, hiloSkipAllowed, hiloWinningRanks, type HiloGuess } from '@/lib/fair/games/hilo';
import { payoutMinor } from '@/lib/fair/multiplier';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { useFormat } from '@/lib/i18n/use-format';
import { cardLabel, isRedSuit, rankLabel, SUIT_SYMBOL } from '../fair/card-label';
import { GameLayout } from '../shared/components/game-layout';
import { RecentBets } from '../shared/components/recent-bets';
import { RoundControls } from '../shared/components/round-controls';
import { useRoundGame } from '../shared/use-round-game';
import {
  getActiveHiloRound,
  hiloStep,
  sendHiloAction,
  type HiloAction,
  type HiloBet,
} from '../api/send-hilo-action';

/**
 * What a guess on a card of `rank` means (lib/fair/games/hilo.ts): higher-or-same and lower-or-same,
 * except on a 2 ("higher" is strictly higher, "lower" only a 2 again) and on an A ("higher" only an A
 * again, "lower" strictly lower). `label` is the message key; `chance` in percent.
 */
export type HiloGuessLabel = 'higherOrSame' | 'lowerOrSame' | 'higher' | 'lower' | 'same';

export function hiloGuessOption(rank: number, guess: HiloGuess): { label: HiloGuessLabel; chance: number } {
  const chance = (hiloWinningRanks(rank, guess) / RANK_COUNT) * 100;
  if (guess === 'higher') {
    return { label: rank === MIN_RANK ? 'higher' : rank === MAX_RANK ? 'same' : 'higherOrSame', chance };
  }
  return { label: rank === MAX_RANK ? 'lower' : rank === MIN_RANK ? 'same' : 'lowerOrSame', chance };
}

const GUESS_MARK = { higher: '▲', lower: '▼', skip: '↷' } as const;

function PlayingCard({ card, size = 'large' }: { card: Card; size?: 'large' | 'small' }) {
  const red = isRedSuit(card.suit);
  if (size === 'small') {
    return (
      <span
        aria-hidden="true"
        className={`inline-flex h-12 w-9 items-center justify-center rounded-md bg-white text-sm font-bold ${red ? 'text-red-600' : 'text-ink'}`}
      >
        {cardLabel(card)}
      </span>
    );
  }
  return (
    <span
      className={`flex h-40 w-28 flex-col justify-between rounded-2xl bg-white p-2 shadow-xl transition-transform duration-300 ease-out will-change-transform motion-reduce:transition-none starting:[transform:rotateY(90deg)] sm:h-48 sm:w-32 ${red ? 'text-red-600' : 'text-ink'}`}
      data-testid="hilo-card"
      data-card={card.index}
    >
      <span className="text-left text-xl font-bold leading-none">
        {rankLabel(card.rank)}
        <br />
        {SUIT_SYMBOL[card.suit]}
      </span>
      <span className="text-center text-5xl" aria-hidden="true">
        {SUIT_SYMBOL[card.suit]}
      </span>
      <span className="rotate-180 text-left text-xl font-bold leading-none" aria-hidden="true">
        {rankLabel(card.rank)}
        <br />
        {SUIT_SYMBOL[card.suit]}
      </span>
    </span>
  );
}

/**
 * Hilo: the player starts a round (bet) and sees a card; then guesses whether the next card is higher or
 * lower (or the same), skips a card, or cashes out after at least one winning guess. The chances come
 * from lib/fair, the multipliers from the server's `next`. The open round lives on the server, so a
 * reload resumes it.
 */
export function HiloGame() {
  const t = useTranslations('games.hilo');
  const format = useFormat();
  const state = useRoundGame<HiloBet, HiloAction>({
    game: 'hilo',
    getActive: getActiveHiloRound,
    send: sendHiloAction,
  });
  const { round, open, busy, act } = state;
  const cards = round?.outcome.cards ?? [];
  const currentCard = cards.at(-1) ?? null;
  const wins = open
    ? open.outcome.cards.filter((card) => card.guess === 'higher' || card.guess === 'lower').length
    : 0;
  const start = () => {
    const value = state.startAmount();
    if (value !== null) void act({ action: 'start', amount: value });
  };
  // A move carries its step, so the server plays it once even when it is sent twice.
  const guess = (choice: 'higher' | 'lower' | 'skip') => {
    if (open && !busy) void act({ action: 'guess', id: open.id, guess: choice, step: hiloStep(open) });
  };
  const cashOut = () => {
    if (open && !busy && wins > 0) void act({ action: 'cashout', id: open.id, step: hiloStep(open) });
  };
  const canSkip = hiloSkipAllowed(cards.length);

  const payoutNow = open
    ? fromMinorUnits(Number(payoutMinor(toMinorUnits(open.amount), open.outcome.multiplier)))
    : 0;

  const guessButton = (choice: HiloGuess) => {
    if (!open || !currentCard) return null;
    const option = hiloGuessOption(currentCard.rank, choice);
    const multiplier = open.outcome.next[choice];
    const rank = rankLabel(currentCard.rank);
    return (
      <button
        type="button"
        onClick={() => guess(choice)}
        disabled={busy || multiplier === null}
        className={`${buttonClass.secondary} w-full flex-col gap-0.5 py-2`}
        data-testid={`hilo-${choice}`}
        aria-label={t('guessLabel', {
          guess: t(`guess.${option.label}`, { rank }),
          chance: format.percent(option.chance),
          multiplier: multiplier === null ? '—' : format.multiplier(multiplier),
        })}
      >
        <span aria-hidden="true">
          {choice === 'higher' ? '▲' : '▼'} {t(`guess.${option.label}`, { rank })}
        </span>
        <span className="text-xs font-normal text-muted" aria-hidden="true">
          {format.percent(option.chance)} · {multiplier === null ? '—' : format.multiplier(multiplier)}
        </span>
      </button>
    );
  };

  const controls = (
    <RoundControls
      game="hilo"
      state={state}
      onStart={start}
      onCashOut={cashOut}
      cashOutDisabled={wins === 0}
      cashOutLabel={
        !open || wins === 0
          ? t('cashOutNeedsWin')
          : t('cashOut', { payout: format.money(payoutNow, open.currency) })
      }
    >
      {open ? (
        <>
          <div className="grid grid-cols-2 gap-2">
            {guessButton('higher')}
            {guessButton('lower')}
          </div>
          <button
            type="button"
            onClick={() => guess('skip')}
            disabled={busy || !canSkip}
            className={`${buttonClass.secondary} w-full`}
            data-testid="hilo-skip"
            aria-describedby={canSkip ? undefined : 'hilo-skip-limit'}
          >
            {t('skip')}
          </button>
          {canSkip ? null : (
            <p id="hilo-skip-limit" className="text-xs text-muted" data-testid="hilo-skip-limit">
              {t('skipLimit', { max: HILO_MAX_CARDS })}
            </p>
          )}
        </>
      ) : null}
    </RoundControls>
  );

  return (
    <GameLayout game="hilo" title={t('title')} controls={controls} footer={<RecentBets game="hilo" />}>
      <div className="flex flex-col items-center gap-4">
        <div
          className="flex min-h-40 items-center justify-center [perspective:800px] sm:min-h-48"
          aria-live="polite"
        >
          {currentCard ? (
            <>
              <span className="sr-only" data-testid="hilo-current">
                {t('currentCard', { card: cardLabel(currentCard) })}
              </span>
              <PlayingCard key={cards.length} card={currentCard} />
            </>
          ) : (
            <span
              className="flex h-40 w-28 items-center justify-center rounded-2xl border-2 border-dashed border-line text-muted sm:h-48 sm:w-32"
              aria-hidden="true"
            >
              ?
            </span>
          )}
        </div>
        <p className="text-center text-sm" data-testid="hilo-status" aria-live="polite">
          {open ? (
            t('roundMultiplier', { multiplier: format.multiplier(open.outcome.multiplier) })
          ) : round?.status === 'lost' ? (
            <span className="text-lg font-bold text-danger">
              {t('lost', { amount: format.money(round.amount, round.currency) })}
            </span>
          ) : round && round.payout > 0 ? (
            <span className="text-lg font-bold text-ok">
              {t('cashedOut', {
                multiplier: format.multiplier(round.multiplier),
                payout: format.money(round.payout, round.currency),
              })}
            </span>
          ) : (
            <span className="text-muted">{t('intro')}</span>
          )}
        </p>
        {cards.length > 0 ? (
          <ol
            className="flex max-w-full gap-2 overflow-x-auto pb-2"
            aria-label={t('history')}
            data-testid="hilo-history"
          >
            {cards.map((card, i) => (
              <li key={`${i}-${card.index}`} className="flex shrink-0 flex-col items-center gap-1">
                <span className="h-4 text-xs text-muted" aria-hidden="true">
                  {card.guess ? GUESS_MARK[card.guess] : ''}
                </span>
                <PlayingCard card={card} size="small" />
                <span className="sr-only">
                  {card.guess
                    ? t(`historyGuess.${card.guess}`, { card: cardLabel(card) })
                    : t('historyStart', { card: cardLabel(card) })}
                </span>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </GameLayout>
  );
}
