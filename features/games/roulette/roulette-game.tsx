'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { pocketColor, ROULETTE_MULTIPLIERS, rouletteChipWins } from '@/lib/fair/games/roulette';
import { fromMinorUnits, toMinorUnits } from '@/lib/money';
import { useFormat } from '@/lib/i18n/use-format';
import { AutoBetPanel } from '../shared/components/auto-bet';
import { BetAmountInput } from '../shared/components/bet-amount-input';
import { BetButton } from '../shared/components/bet-button';
import { DepositOffer } from '../shared/components/deposit-offer';
import { GameLayout } from '../shared/components/game-layout';
import { RecentBets } from '../shared/components/recent-bets';
import { useBetAmount } from '../shared/use-bet-amount';
import { useInstantGame } from '../shared/use-instant-game';
import { RouletteWheel, ROULETTE_SPIN_MS } from './roulette-wheel';
import {
  canPlace,
  chipsOf,
  NUMBER_ROWS,
  spotKey,
  totalMinor,
  type PlacedChip,
  type PlaceRefusal,
  type Spot,
} from './table';

const COLOR_CLASS = { red: 'bg-[#b83232]', black: 'bg-[#1b1f2f]', green: 'bg-[#1f7a45]' } as const;

/**
 * Roulette (issue 5): a European table (straight 0–36, red/black, odd/even, 1–18/19–36, dozens,
 * columns). Each click places a chip of the chosen value; undo and clear; the total is checked against
 * the limits. The wheel spins and lands on the pocket; winning spots light up and the result is announced.
 */
export function RouletteGame() {
  const t = useTranslations('games.roulette');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const chip = useBetAmount('roulette');
  const { min, max, currency } = chip.limits;
  const [placed, setPlaced] = useState<PlacedChip[]>([]);
  const [refusal, setRefusal] = useState<PlaceRefusal | null>(null);
  const total = totalMinor(placed);
  const totalProblem =
    placed.length === 0 ? null : total < toMinorUnits(min) ? 'min' : total > toMinorUnits(max) ? 'max' : null;
  const body = useMemo(
    () => (placed.length > 0 && totalProblem === null ? { chips: chipsOf(placed) } : null),
    [placed, totalProblem],
  );
  const game = useInstantGame('roulette', { body, revealMs: ROULETTE_SPIN_MS });
  const locked = game.busy || game.auto.running;
  const result = game.animating ? null : game.current;
  const stakes = useMemo(() => {
    const map = new Map<string, number>();
    for (const placedChip of placed)
      map.set(spotKey(placedChip), (map.get(spotKey(placedChip)) ?? 0) + placedChip.amountMinor);
    return map;
  }, [placed]);

  const place = (spot: Spot) => {
    if (locked || chip.value === null) return;
    const refused = canPlace(placed, spot, chip.value, max);
    setRefusal(refused);
    if (refused) return;
    setPlaced((current) => [...current, { ...spot, amountMinor: toMinorUnits(chip.value!) }]);
  };

  const spotName = (spot: Spot): string => {
    switch (spot.type) {
      case 'straight':
        return t('spot.straight', { number: spot.value!, color: t(`color.${pocketColor(spot.value!)}`) });
      case 'dozen':
        return t('spot.dozen', { n: spot.value! });
      case 'column':
        return t('spot.column', { n: spot.value! });
      default:
        return t(`spot.${spot.type}`);
    }
  };

  /**
   * What a spot's button says: where a chip goes, the payout, what is on it; led by the text the button
   * shows when the description does not already contain it (`2:1`, `1–18`), so a voice command naming
   * what is on screen finds it.
   */
  const spotLabel = (spot: Spot, content: React.ReactNode, stake: number): string => {
    const label =
      stake > 0
        ? t('placeWithStake', {
            spot: spotName(spot),
            stake: format.money(fromMinorUnits(stake), currency),
            multiplier: ROULETTE_MULTIPLIERS[spot.type],
          })
        : t('place', { spot: spotName(spot), multiplier: ROULETTE_MULTIPLIERS[spot.type] });
    const shown = typeof content === 'string' || typeof content === 'number' ? String(content) : '';
    return shown && !label.includes(shown) ? `${shown}, ${label}` : label;
  };

  const spotButton = (spot: Spot, content: React.ReactNode, className: string) => {
    const key = spotKey(spot);
    const stake = stakes.get(key) ?? 0;
    const won = result ? rouletteChipWins(spot, result.outcome.pocket) : false;
    return (
      <button
        key={key}
        type="button"
        onClick={() => place(spot)}
        aria-disabled={locked || chip.value === null || undefined}
        aria-label={spotLabel(spot, content, stake)}
        className={`relative flex min-h-10 items-center justify-center border border-white/20 text-xs font-semibold text-white transition hover:brightness-125 sm:text-sm ${className} ${
          won ? 'ring-2 ring-inset ring-gold brightness-125' : ''
        }`}
        data-spot={key}
      >
        {content}
        {stake > 0 ? (
          <span
            className="absolute -right-1 -top-1 z-10 min-w-6 rounded-full border-2 border-white bg-gold px-1 text-[10px] leading-5 text-ink shadow"
            aria-hidden="true"
          >
            {format.compact(fromMinorUnits(stake))}
          </span>
        ) : null}
      </button>
    );
  };

  const controls = (
    <div className="grid gap-4">
      <BetAmountInput {...chip.inputProps} disabled={locked} label={t('chipValue')} />
      <div className="grid grid-cols-2 gap-2">
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={locked || placed.length === 0}
          onClick={() => {
            setRefusal(null);
            setPlaced((current) => current.slice(0, -1));
          }}
        >
          {t('undo')}
        </button>
        <button
          type="button"
          className={buttonClass.secondary}
          disabled={locked || placed.length === 0}
          onClick={() => {
            setRefusal(null);
            setPlaced([]);
          }}
        >
          {t('clear')}
        </button>
      </div>
      <div className="rounded-xl bg-panel-2 p-3 text-sm" aria-live="polite" data-testid="roulette-total">
        <p>
          {t('total', {
            total: format.money(fromMinorUnits(total), currency),
            max: format.money(max, currency),
          })}
        </p>
        {totalProblem === 'min' ? (
          <p className="mt-1 text-danger">{t('belowMin', { min: format.money(min, currency) })}</p>
        ) : null}
        {refusal ? <p className="mt-1 text-danger">{t(`refused.${refusal}`)}</p> : null}
      </div>
      {game.insufficientFunds ? <DepositOffer onDismiss={game.dismissInsufficientFunds} /> : null}
      <BetButton
        busy={game.busy}
        disabled={!body || game.auto.running}
        onClick={() => void game.play().catch(() => {})}
      />
      <AutoBetPanel auto={game.auto} currency={currency} disabled={!body} />
    </div>
  );

  const announced = game.revealed;
  return (
    <GameLayout
      game="roulette"
      title={t('title')}
      controls={controls}
      footer={<RecentBets game="roulette" />}
    >
      <RouletteWheel pocket={game.current?.outcome.pocket ?? null} spinKey={game.current?.id ?? 0} />
      <p
        className="mt-3 min-h-6 text-center font-semibold"
        role="status"
        aria-live="polite"
        data-testid="roulette-result"
      >
        {announced
          ? `${t('landed', {
              pocket: announced.outcome.pocket,
              color: t(`color.${announced.outcome.color}`),
            })} ${
              announced.payout > 0
                ? shared('youWon', { payout: format.money(announced.payout, announced.currency) })
                : shared('youLost')
            }`
          : ''}
      </p>
      <div className="mt-4 overflow-x-auto pb-2">
        <div
          role="group"
          aria-label={t('table')}
          className="grid min-w-[34rem] grid-cols-[repeat(14,minmax(0,1fr))] gap-px rounded-xl bg-[#0d5c36] p-2"
          data-testid="roulette-table"
        >
          {spotButton({ type: 'straight', value: 0 }, '0', `${COLOR_CLASS.green} row-span-3 rounded-l-lg`)}
          {NUMBER_ROWS.map((row, rowIndex) => [
            ...row.map((number) =>
              spotButton(
                { type: 'straight', value: number },
                number,
                COLOR_CLASS[pocketColor(number) as 'red' | 'black'],
              ),
            ),
            spotButton({ type: 'column', value: 3 - rowIndex }, t('columnShort'), 'bg-transparent'),
          ])}
          <span aria-hidden="true" />
          {[1, 2, 3].map((n) =>
            spotButton({ type: 'dozen', value: n }, t('dozenShort', { n }), 'col-span-4 bg-transparent'),
          )}
          <span aria-hidden="true" />
          <span aria-hidden="true" />
          {spotButton({ type: 'low' }, '1–18', 'col-span-2 bg-transparent')}
          {spotButton({ type: 'even' }, t('spot.even'), 'col-span-2 bg-transparent')}
          {spotButton(
            { type: 'red' },
            <span className="sr-only">{t('spot.red')}</span>,
            `col-span-2 ${COLOR_CLASS.red}`,
          )}
          {spotButton(
            { type: 'black' },
            <span className="sr-only">{t('spot.black')}</span>,
            `col-span-2 ${COLOR_CLASS.black}`,
          )}
          {spotButton({ type: 'odd' }, t('spot.odd'), 'col-span-2 bg-transparent')}
          {spotButton({ type: 'high' }, '19–36', 'col-span-2 bg-transparent')}
        </div>
      </div>
    </GameLayout>
  );
}
