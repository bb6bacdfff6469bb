'use client';

import { useTranslations } from 'next-intl';
import { useMemo, useState } from 'react';
import { COINFLIP_MULTIPLIER, type CoinSide } from '@/lib/fair/games/coinflip';
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

/** How long the coin spins. */
export const COINFLIP_FLIP_MS = 1_000;
/** Whole turns per flip (the coin then lands on its side). */
const TURNS = 4;

/** Coinflip (issue 5): heads or tails at 1.98×; the coin spins and lands on the result. */
export function CoinflipGame() {
  const t = useTranslations('games.coinflip');
  const shared = useTranslations('games.shared');
  const format = useFormat();
  const amount = useBetAmount('coinflip');
  const [side, setSide] = useState<CoinSide>('heads');
  const body = useMemo(
    () => (amount.value !== null ? { amount: amount.value, side } : null),
    [amount.value, side],
  );
  const game = useInstantGame('coinflip', { body, revealMs: COINFLIP_FLIP_MS });
  const locked = game.busy || game.auto.running;
  const sideLabel = (value: CoinSide) => (value === 'heads' ? t('heads') : t('tails'));

  const controls = (
    <div className="grid gap-4">
      <BetAmountInput {...amount.inputProps} disabled={locked} />
      <ChoiceGroup
        legend={t('side')}
        name="coinflip-side"
        value={side}
        onChange={setSide}
        disabled={locked}
        options={[
          { value: 'heads', label: t('heads') },
          { value: 'tails', label: t('tails') },
        ]}
      />
      <dl className="grid grid-cols-2 gap-2 text-center text-sm">
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-xs text-muted">{shared('multiplier')}</dt>
          <dd className="font-semibold tabular-nums">{format.multiplier(COINFLIP_MULTIPLIER)}</dd>
        </div>
        <div className="rounded-xl bg-panel-2 p-2">
          <dt className="text-xs text-muted">{shared('payoutOnWin')}</dt>
          <dd className="font-semibold tabular-nums">
            {amount.value === null
              ? '—'
              : format.money(
                  Math.floor(amount.value * COINFLIP_MULTIPLIER * 100) / 100,
                  amount.limits.currency,
                )}
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

  const announced = game.revealed;
  return (
    <GameLayout
      game="coinflip"
      title={t('title')}
      controls={controls}
      footer={<RecentBets game="coinflip" />}
    >
      <Coin
        result={game.current?.outcome.result ?? null}
        flipKey={game.current?.id ?? 0}
        headsLabel={t('heads')}
        tailsLabel={t('tails')}
        settled={!game.animating && game.current !== null}
        win={game.current?.outcome.win ?? false}
      />
      <p
        className="mt-4 min-h-6 text-center font-semibold"
        role="status"
        aria-live="polite"
        data-testid="coinflip-result"
      >
        {announced
          ? `${t('landed', { side: sideLabel(announced.outcome.result) })} ${
              announced.outcome.win
                ? shared('youWon', { payout: format.money(announced.payout, announced.currency) })
                : shared('youLost')
            }`
          : ''}
      </p>
    </GameLayout>
  );
}

/**
 * The coin: two faces back to back, turned about its vertical axis. Each flip adds whole turns and ends
 * on the result's face (tails is the back, at 180°), as one CSS transform transition.
 */
function Coin({
  result,
  flipKey,
  headsLabel,
  tailsLabel,
  settled,
  win,
}: {
  result: CoinSide | null;
  flipKey: number;
  headsLabel: string;
  tailsLabel: string;
  settled: boolean;
  win: boolean;
}) {
  const [spin, setSpin] = useState({ key: 0, angle: 0 });
  if (result && flipKey !== spin.key) {
    // A new flip: adjust the state while rendering (React's pattern for state derived from a prop change).
    const base = Math.ceil(spin.angle / 360) * 360 + TURNS * 360;
    setSpin({ key: flipKey, angle: base + (result === 'tails' ? 180 : 0) });
  }
  const angle = spin.angle;
  const face =
    'absolute inset-0 flex items-center justify-center rounded-full border-4 text-3xl font-black [backface-visibility:hidden]';
  return (
    <div className="flex min-h-64 items-center justify-center py-6 [perspective:800px]" aria-hidden="true">
      <div
        className={`relative size-40 rounded-full [transform-style:preserve-3d] motion-reduce:transition-none ${
          settled
            ? win
              ? 'drop-shadow-[0_0_18px_var(--color-ok)]'
              : 'drop-shadow-[0_0_18px_var(--color-danger)]'
            : ''
        }`}
        style={{
          transform: `rotateY(${angle}deg)`,
          transition: `transform ${motionMs(COINFLIP_FLIP_MS)}ms cubic-bezier(0.2, 0.8, 0.25, 1)`,
        }}
        data-testid="coin"
        data-side={result ?? 'heads'}
      >
        <div className={`${face} border-gold-dark bg-gold text-ink`}>{headsLabel.slice(0, 1)}</div>
        <div className={`${face} border-line bg-panel-2 text-gold [transform:rotateY(180deg)]`}>
          {tailsLabel.slice(0, 1)}
        </div>
      </div>
    </div>
  );
}
