'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { useFormat } from '@/lib/i18n/use-format';
import {
  KENO_HITS,
  KENO_MAX_PICKS,
  KENO_PAYTABLE,
  KENO_RISKS,
  KENO_SQUARES,
  type KenoRisk,
} from '@/lib/fair/games/keno';
import { AutoBetPanel } from '../shared/components/auto-bet';
import { BetAmountInput } from '../shared/components/bet-amount-input';
import { BetButton } from '../shared/components/bet-button';
import { ChoiceGroup } from '../shared/components/choice-group';
import { DepositOffer } from '../shared/components/deposit-offer';
import { GameLayout } from '../shared/components/game-layout';
import { RecentBets } from '../shared/components/recent-bets';
import { motionMs } from '../shared/motion';
import { useBetAmount } from '../shared/use-bet-amount';
import { useInstantGame } from '../shared/use-instant-game';

/** Pause between two revealed hits. */
export const KENO_HIT_STEP_MS = 150;
const COLUMNS = 8;
const SQUARES = Array.from({ length: KENO_SQUARES }, (_, i) => i + 1);

/** `count` distinct random squares, ascending (auto-pick; the draw itself is the server's). */
export function randomPicks(count: number, random: () => number = Math.random): number[] {
  const pool = [...SQUARES];
  const picks: number[] = [];
  while (picks.length < count && pool.length > 0)
    picks.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return picks.sort((a, b) => a - b);
}

/**
 * Keno (issue 5): pick 1 to 10 of 40 squares (click, or arrows and Enter/Space), a risk level, and bet;
 * the 10 hits appear one by one, matches light up, and the pay table row of the current pick count shows
 * what each number of matches pays.
 */
export function KenoGame() {
  const t = useTranslations('games.keno');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const amount = useBetAmount('keno');
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>('medium');
  const body = useMemo(
    () => (amount.value !== null && picks.length > 0 ? { amount: amount.value, picks, risk } : null),
    [amount.value, picks, risk],
  );
  const game = useInstantGame('keno', { body, revealMs: KENO_HITS * KENO_HIT_STEP_MS });
  const locked = game.busy || game.auto.running;
  const drawn = game.current;
  const revealedCount = useRevealCount(drawn?.outcome.hits.length ?? 0, drawn?.id ?? 0);
  const hits = useMemo(
    () => new Set(drawn?.outcome.hits.slice(0, revealedCount) ?? []),
    [drawn, revealedCount],
  );
  const matchedNow = picks.filter((square) => hits.has(square)).length;

  const toggle = (square: number) => {
    if (locked) return;
    setPicks((current) =>
      current.includes(square)
        ? current.filter((value) => value !== square)
        : current.length >= KENO_MAX_PICKS
          ? current
          : [...current, square].sort((a, b) => a - b),
    );
  };

  const row = picks.length > 0 ? KENO_PAYTABLE[risk][picks.length - 1] : null;

  const controls = (
    <div className="grid gap-4">
      <BetAmountInput {...amount.inputProps} disabled={locked} />
      <ChoiceGroup
        legend={t('risk')}
        name="keno-risk"
        value={risk}
        onChange={setRisk}
        disabled={locked}
        options={KENO_RISKS.map((value) => ({ value, label: t(`risks.${value}`) }))}
      />
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={locked}
          onClick={() => setPicks(randomPicks(picks.length || KENO_MAX_PICKS))}
          data-testid="keno-auto-pick"
        >
          {t('autoPick')}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={locked || picks.length === 0}
          onClick={() => setPicks([])}
        >
          {t('clear')}
        </button>
      </div>
      {game.insufficientFunds ? <DepositOffer onDismiss={game.dismissInsufficientFunds} /> : null}
      <BetButton
        busy={game.busy}
        disabled={!body || game.auto.running}
        onClick={() => void game.play().catch(() => {})}
      />
      <AutoBetPanel auto={game.auto} currency={amount.limits.currency} disabled={!body} />
    </div>
  );

  const announced = game.revealed;
  return (
    <GameLayout game="keno" title={t('title')} controls={controls} footer={<RecentBets game="keno" />}>
      <p className="mb-3 text-sm text-muted" id="keno-help">
        {t('picked', { count: picks.length, max: KENO_MAX_PICKS })}
      </p>
      <KenoBoard
        picks={picks}
        hits={hits}
        onToggle={toggle}
        disabled={locked}
        label={t('board')}
        squareLabel={(square, state) => t(`square.${state}`, { square })}
      />
      {row ? (
        <div className="mt-4 overflow-x-auto">
          <table className="w-full text-center text-xs tabular-nums" data-testid="keno-paytable">
            <caption className="mb-1 text-left text-sm text-muted">
              {t('paytable', { count: picks.length })}
            </caption>
            <tbody>
              <tr>
                <th scope="row" className="px-1 py-1 text-left font-medium text-muted">
                  {t('matches')}
                </th>
                {row.map((_, matches) => (
                  <td key={matches} className="px-1 py-1">
                    {matches}
                  </td>
                ))}
              </tr>
              <tr>
                <th scope="row" className="px-1 py-1 text-left font-medium text-muted">
                  {shared('multiplier')}
                </th>
                {row.map((multiplier, matches) => (
                  <td
                    key={matches}
                    className={`rounded px-1 py-1 ${
                      drawn && !game.animating && matches === matchedNow
                        ? 'bg-gold font-semibold text-ink'
                        : ''
                    }`}
                  >
                    {format.multiplier(multiplier)}
                  </td>
                ))}
              </tr>
            </tbody>
          </table>
        </div>
      ) : null}
      <p
        className="mt-4 min-h-6 text-center font-semibold"
        role="status"
        aria-live="polite"
        data-testid="keno-result"
      >
        {announced
          ? `${t('result', { matched: announced.outcome.matched.length, picks: announced.outcome.picks.length })} ${
              announced.payout > 0
                ? shared('youWon', { payout: format.money(announced.payout, announced.currency) })
                : shared('youLost')
            }`
          : ''}
      </p>
    </GameLayout>
  );
}

/** How many of the `total` hits of draw `key` are shown: one more every step (all at once with reduced motion). */
function useRevealCount(total: number, key: number): number {
  const [state, setState] = useState({ key: 0, count: 0 });
  if (key !== state.key) setState({ key, count: motionMs(KENO_HIT_STEP_MS) === 0 ? total : 0 });
  const count = state.key === key ? state.count : 0;
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(
      () => setState((current) => (current.key === key ? { key, count: current.count + 1 } : current)),
      motionMs(KENO_HIT_STEP_MS),
    );
    return () => clearTimeout(timer);
  }, [count, total, key]);
  return count;
}

type SquareState = 'match' | 'hit' | 'picked' | 'free';

/** The 40 squares: a grid of toggle buttons with one tab stop; arrow keys, Home and End move within it. */
function KenoBoard({
  picks,
  hits,
  onToggle,
  disabled,
  label,
  squareLabel,
}: {
  picks: number[];
  hits: ReadonlySet<number>;
  onToggle: (square: number) => void;
  disabled: boolean;
  label: string;
  squareLabel: (square: number, state: SquareState) => string;
}) {
  const [focused, setFocused] = useState(1);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (event: KeyboardEvent<HTMLButtonElement>, square: number) => {
    const deltas: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: COLUMNS,
      ArrowUp: -COLUMNS,
    };
    let next: number | null = null;
    if (event.key in deltas) next = square + deltas[event.key];
    else if (event.key === 'Home') next = 1;
    else if (event.key === 'End') next = KENO_SQUARES;
    if (next === null) return;
    event.preventDefault();
    const target = Math.min(KENO_SQUARES, Math.max(1, next));
    setFocused(target);
    refs.current[target]?.focus();
  };
  const picked = new Set(picks);
  return (
    <div
      role="group"
      aria-label={label}
      aria-describedby="keno-help"
      className="grid grid-cols-8 gap-1.5 sm:gap-2"
      data-testid="keno-board"
    >
      {SQUARES.map((square) => {
        const isPicked = picked.has(square);
        const isHit = hits.has(square);
        const state: SquareState = isPicked && isHit ? 'match' : isHit ? 'hit' : isPicked ? 'picked' : 'free';
        const look = {
          match: 'border-ok bg-ok text-ink scale-105',
          hit: 'border-danger/70 bg-danger/20 text-white',
          picked: 'border-gold bg-gold/20 text-gold',
          free: 'border-line bg-panel-2 text-white hover:border-gold',
        }[state];
        return (
          <button
            key={square}
            ref={(node) => {
              refs.current[square] = node;
            }}
            type="button"
            tabIndex={square === focused ? 0 : -1}
            aria-pressed={isPicked}
            aria-label={squareLabel(square, state)}
            aria-disabled={disabled || undefined}
            onClick={() => {
              setFocused(square);
              onToggle(square);
            }}
            onKeyDown={(event) => move(event, square)}
            className={`aspect-square min-h-9 rounded-lg border text-sm font-semibold tabular-nums transition duration-200 motion-reduce:transition-none ${look}`}
            data-state={state}
          >
            {square}
          </button>
        );
      })}
    </div>
  );
}
