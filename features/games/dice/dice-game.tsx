'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useId, useRef, useState } from 'react';
import type { DiceDirection } from '@/lib/fair/games/dice';
import {
  DICE_MAX_CHANCE,
  DICE_MIN_CHANCE,
  diceMultiplier,
  diceTargetValid,
  diceWinChance,
} from '@/lib/fair/games/dice';
import { useFormat } from '@/lib/i18n/use-format';
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

/** How long the roll animation runs. */
export const DICE_ROLL_MS = 700;
const DEFAULT_TARGET = '50.00';

function parseTarget(text: string): number | null {
  const value = Number(text.replace(',', '.'));
  return text.trim() && Number.isFinite(value) ? value : null;
}

/**
 * Dice (issue 5): pick a target from 0.01 to 99.99 and roll over or under it; the win chance and the
 * multiplier come from lib/fair as the player moves the target. The roll slides to its value on the
 * scale and the result is announced.
 */
export function DiceGame() {
  const t = useTranslations('games.dice');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const amount = useBetAmount('dice');
  const [targetText, setTargetText] = useState(DEFAULT_TARGET);
  const [direction, setDirection] = useState<DiceDirection>('over');
  const target = parseTarget(targetText);
  const valid = target !== null && diceTargetValid(target, direction);
  const chance = valid ? diceWinChance(target, direction) : null;
  const multiplier = valid ? diceMultiplier(target, direction) : null;

  const body =
    valid && target !== null && amount.value !== null ? { amount: amount.value, target, direction } : null;
  const game = useInstantGame('dice', { body, revealMs: DICE_ROLL_MS });
  const locked = game.busy || game.auto.running;
  const targetId = useId();
  const sliderValue = target === null ? 50 : Math.min(99.99, Math.max(0.01, target));

  const controls = (
    <div className="grid gap-4">
      <BetAmountInput {...amount.inputProps} disabled={locked} />
      <ChoiceGroup
        legend={t('direction')}
        name="dice-direction"
        value={direction}
        onChange={setDirection}
        disabled={locked}
        options={[
          { value: 'under', label: t('under') },
          { value: 'over', label: t('over') },
        ]}
      />
      <div>
        <label htmlFor={targetId} className="mb-1 block text-sm font-medium">
          {t('target')}
        </label>
        <input
          id={targetId}
          inputMode="decimal"
          autoComplete="off"
          className="min-h-11 w-full rounded-xl border border-line bg-panel-2 px-3 tabular-nums"
          value={targetText}
          disabled={locked}
          aria-invalid={valid ? undefined : true}
          aria-describedby={valid ? undefined : `${targetId}-error`}
          onChange={(event) => setTargetText(event.target.value)}
          onBlur={() => target !== null && setTargetText(Math.min(99.99, Math.max(0.01, target)).toFixed(2))}
          data-testid="dice-target"
        />
        {valid ? null : (
          <p id={`${targetId}-error`} className="mt-1 text-sm text-danger">
            {t('targetInvalid', {
              min: format.percent(DICE_MIN_CHANCE),
              max: format.percent(DICE_MAX_CHANCE),
            })}
          </p>
        )}
      </div>
      <dl className="grid grid-cols-3 gap-2 text-center text-sm">
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-xs text-muted">{t('chance')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="dice-chance">
            {chance === null ? '—' : format.percent(chance)}
          </dd>
        </div>
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-xs text-muted">{shared('multiplier')}</dt>
          <dd className="font-semibold tabular-nums" data-testid="dice-multiplier">
            {multiplier === null ? '—' : format.multiplier(multiplier)}
          </dd>
        </div>
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-xs text-muted">{shared('payoutOnWin')}</dt>
          <dd className="font-semibold tabular-nums">
            {multiplier === null || amount.value === null
              ? '—'
              : format.money(Math.floor(amount.value * multiplier * 100) / 100, amount.limits.currency)}
          </dd>
        </div>
      </dl>
      {game.insufficientFunds ? <DepositOffer onDismiss={game.dismissInsufficientFunds} /> : null}
      <BetButton
        busy={game.busy}
        disabled={!body || game.auto.running}
        onClick={() => void game.play().catch(() => {})}
      />
      <AutoBetPanel auto={game.auto} currency={amount.limits.currency} disabled={!body} />
    </div>
  );

  const shown = game.current;
  const announced = game.revealed;
  return (
    <GameLayout game="dice" title={t('title')} controls={controls} footer={<RecentBets game="dice" />}>
      <DiceStage
        target={target ?? 50}
        direction={direction}
        onTarget={(value) => setTargetText(value.toFixed(2))}
        sliderValue={sliderValue}
        disabled={locked}
        roll={shown?.outcome.roll ?? null}
        rollKey={shown?.id ?? 0}
        win={game.animating ? null : (shown?.outcome.win ?? null)}
      />
      <p
        className="mt-4 min-h-6 text-center font-semibold"
        role="status"
        aria-live="polite"
        data-testid="dice-result"
      >
        {announced
          ? `${t('rolled', { roll: format.decimal(announced.outcome.roll, 2) })} ${
              announced.outcome.win
                ? shared('youWon', { payout: format.money(announced.payout, announced.currency) })
                : shared('youLost')
            }`
          : ''}
      </p>
    </GameLayout>
  );
}

/** The 0–100 scale: the winning side in green, the target slider, and the marker that slides to the roll. */
function DiceStage({
  target,
  direction,
  onTarget,
  sliderValue,
  disabled,
  roll,
  rollKey,
  win,
}: {
  target: number;
  direction: DiceDirection;
  onTarget: (value: number) => void;
  sliderValue: number;
  disabled: boolean;
  roll: number | null;
  rollKey: number;
  win: boolean | null;
}) {
  const t = useTranslations('games.dice');
  const format = useFormat();
  const shown = useRollCounter(roll, rollKey);
  const pct = Math.min(100, Math.max(0, target));
  const winZone =
    direction === 'over'
      ? `linear-gradient(to right, var(--color-danger) ${pct}%, var(--color-ok) ${pct}%)`
      : `linear-gradient(to right, var(--color-ok) ${pct}%, var(--color-danger) ${pct}%)`;
  return (
    <div className="flex min-h-64 flex-col justify-center gap-8 py-6">
      <p
        aria-hidden="true"
        className={`text-center text-6xl font-bold tabular-nums transition-colors ${
          win === null ? 'text-white' : win ? 'text-ok' : 'text-danger'
        }`}
        data-testid="dice-roll"
      >
        {shown === null ? '—' : format.decimal(shown, 2)}
      </p>
      {/* The marker's box is as wide as the track and slides by its own width: clipped sideways, or the page
          would scroll horizontally (the marker itself stays inside the padding). */}
      <div className="relative overflow-x-clip px-2">
        <div className="relative h-3 rounded-full opacity-80" style={{ background: winZone }} />
        <div className="pointer-events-none absolute inset-x-2 -top-7 h-6" aria-hidden="true">
          <div
            className={`absolute left-0 top-0 w-full will-change-transform motion-reduce:transition-none ${
              roll === null ? 'opacity-0' : 'opacity-100'
            }`}
            style={{
              transform: `translateX(${roll ?? 50}%)`,
              transition: `transform ${motionMs(DICE_ROLL_MS)}ms cubic-bezier(0.22, 1, 0.36, 1)`,
            }}
            data-testid="dice-marker"
          >
            <span className="block h-6 w-6 -translate-x-1/2 rotate-45 rounded-md bg-white shadow" />
          </div>
        </div>
        <input
          type="range"
          min={0.01}
          max={99.99}
          step={0.01}
          value={sliderValue}
          disabled={disabled}
          onChange={(event) => onTarget(Number(event.target.value))}
          aria-label={t('target')}
          className="absolute inset-x-2 top-1/2 h-8 w-[calc(100%-1rem)] -translate-y-1/2 cursor-pointer opacity-0 disabled:cursor-not-allowed"
          data-testid="dice-slider"
        />
        <div
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 h-7 w-2 -translate-x-1/2 -translate-y-1/2 rounded bg-gold"
          style={{ left: `calc(0.5rem + (100% - 1rem) * ${pct / 100})` }}
        />
        <div className="mt-3 flex justify-between text-xs text-muted" aria-hidden="true">
          <span>0</span>
          <span>25</span>
          <span>50</span>
          <span>75</span>
          <span>100</span>
        </div>
      </div>
    </div>
  );
}

/** The shown roll counts up to the result with requestAnimationFrame (at once with reduced motion). */
function useRollCounter(roll: number | null, key: number): number | null {
  const [frame, setFrame] = useState<number | null>(null);
  const from = useRef(0);
  useEffect(() => {
    if (roll === null) return;
    const duration = motionMs(DICE_ROLL_MS);
    const start = from.current;
    from.current = roll;
    if (duration === 0 || typeof requestAnimationFrame !== 'function') return;
    let id = 0;
    const began = performance.now();
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / duration);
      const eased = 1 - (1 - progress) ** 3;
      setFrame(Math.round((start + (roll - start) * eased) * 100) / 100);
      if (progress < 1) id = requestAnimationFrame(step);
    };
    id = requestAnimationFrame(step);
    return () => cancelAnimationFrame(id);
  }, [roll, key]);
  if (roll === null) return null;
  return motionMs(DICE_ROLL_MS) === 0 ? roll : (frame ?? 0);
}
