'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import {
  ROOM_COMMISSION_PERCENT,
  ROOM_COUNTDOWN_MS,
  ROOM_MAX_STAKES_PER_PLAYER,
  ROOM_MAX_STAKES_PER_ROUND,
  roomStakeLimits,
  type RoomName,
} from '@/lib/constants/rooms';
import type { Currency } from '@/lib/constants/currencies';
import type { RoomRound } from '@/lib/contracts/rooms';
import { useFormat } from '@/lib/i18n/use-format';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { useSessionStore } from '@/lib/stores/session-store';
import { userCurrency } from '@/lib/user-currency';
import { roomKeys } from '../api/room-keys';
import { motionMs } from '../shared/motion';
import { ROOM_ACCENT, ROOM_COUNTDOWN_TICK_MS, ROOM_RESULT_HOLD_MS, ROOM_SPIN_MS } from './constants';
import { colourOf, PotWheel } from './pot-wheel';
import { playerOrder, playersOf } from './room-state';
import { StakeForm } from './stake-form';
import { useRoom } from './use-room';

/**
 * A room's live round (issue 16) in the player's currency (RUB for a guest): the pot as a wheel divided
 * by stake, the countdown, the draw spinning to the winner, the players with their chances, the stake
 * form and the room's rules. Another currency (the player signs in) starts over from its snapshot.
 */
export function RoomGame({ room }: { room: RoomName }) {
  const currency = userCurrency(useSessionStore((state) => state.user));
  return <LiveRoom key={currency} room={room} currency={currency} />;
}

/** The server's time now, ticking while `active`. */
function useServerNow(active: boolean, offsetMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, ROOM_COUNTDOWN_TICK_MS);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [active]);
  return now + offsetMs;
}

/** The round's phase, said and shown (the shown line carries its kind and, once revealed, the winner). */
function PhaseLines({ phase, kind, winner }: { phase: string; kind: string; winner?: string }) {
  const t = useTranslations('rooms.room');
  return (
    <>
      <p
        className={`mt-3 min-h-7 text-center text-lg font-semibold ${kind === 'winner' ? 'text-gold' : ''}`}
        data-testid="room-phase"
        data-phase={kind}
        data-winner={winner}
      >
        {phase}
      </p>
      <p className="sr-only" role="status" aria-live="polite">
        {kind === 'countdown' ? t('countdownStarted') : phase}
      </p>
    </>
  );
}

/** The countdown to the draw, in the server's time: this line alone re-renders every tick. */
function CountdownPhase({ endsAt, offsetMs }: { endsAt: string; offsetMs: number }) {
  const t = useTranslations('rooms.room');
  const now = useServerNow(true, offsetMs);
  const secondsLeft = Math.max(0, Math.ceil((Date.parse(endsAt) - now) / 1000));
  return secondsLeft > 0 ? (
    <PhaseLines phase={t('countdown', { seconds: secondsLeft })} kind="countdown" />
  ) : (
    <PhaseLines phase={t('drawing')} kind="drawing" />
  );
}

function LiveRoom({ room, currency }: { room: RoomName; currency: Currency }) {
  const t = useTranslations('rooms.room');
  const tr = useTranslations('rooms.rules');
  const format = useFormat();
  const queryClient = useQueryClient();
  const me = useSessionStore((state) => state.user?.id ?? null);
  const { state, connection, broken, staked, drawShown } = useRoom(room, currency);
  const { round, draw, last } = state;
  const [revealed, setRevealed] = useState<number | null>(null);

  const drawId = draw?.id ?? null;
  const mine = draw !== null && me !== null && draw.stakes.some((stake) => stake.user_id === me);
  useEffect(() => {
    if (drawId === null) return;
    const spin = motionMs(ROOM_SPIN_MS);
    const reveal = setTimeout(() => {
      setRevealed(drawId);
      void queryClient.invalidateQueries({ queryKey: roomKeys.all() });
      // The winner's balance moved at the draw; it shows once the wheel has stopped.
      if (mine) invalidateBalances(queryClient);
    }, spin);
    const next = setTimeout(drawShown, spin + ROOM_RESULT_HOLD_MS);
    return () => {
      clearTimeout(reveal);
      clearTimeout(next);
    };
  }, [drawId, mine, drawShown, queryClient]);

  const limits = roomStakeLimits(room, currency);
  const rules = state.rules ?? {
    min: limits.min,
    max: limits.max,
    max_stakes_per_player: ROOM_MAX_STAKES_PER_PLAYER,
    max_stakes_per_round: ROOM_MAX_STAKES_PER_ROUND,
    commission_percent: ROOM_COMMISSION_PERCENT,
    countdown_ms: ROOM_COUNTDOWN_MS,
  };
  const shown: RoomRound | null = draw ?? round;
  const order = playerOrder(shown?.stakes ?? []);
  const players = shown ? playersOf(shown) : [];
  const ownStakes = round && me !== null ? round.stakes.filter((stake) => stake.user_id === me).length : 0;
  const isRevealed = draw !== null && revealed === draw.id;

  // The countdown ticks in a component of its own (CountdownPhase): only its line renders every tick.
  let phase = '';
  let phaseKind = 'countdown';
  if (draw) {
    phaseKind = isRevealed ? 'winner' : 'drawing';
    phase = !isRevealed
      ? t('drawing')
      : draw.winner && draw.winner.user_id === me
        ? t('youWon', { amount: format.money(draw.winner.payout, currency) })
        : t('won', {
            player: draw.winner?.player ?? '—',
            amount: format.money(draw.winner?.payout ?? 0, currency),
          });
  } else if (!round) {
    phaseKind = 'connecting';
    phase = t('connecting');
  } else if (round.ends_at) {
    // CountdownPhase
  } else {
    phaseKind = round.players === 0 ? 'empty' : 'waiting';
    phase = round.players === 0 ? t('empty') : t('waiting');
  }

  return (
    <section className="grid gap-4 min-[768px]:grid-cols-[1fr_20rem]" data-testid="room" data-room={room}>
      <div className="min-w-0 rounded-2xl border border-line bg-panel p-4">
        {connection === 'reconnecting' || broken ? (
          <p className="mb-2 text-center text-xs text-muted" role="status">
            {t('reconnecting')}
          </p>
        ) : null}
        <PotWheel round={round} draw={draw} accent={ROOM_ACCENT[room]}>
          <span className="text-xs uppercase tracking-wide text-muted">{t('pot')}</span>
          <span className="text-2xl font-bold tabular-nums" data-testid="room-pot">
            {format.money(shown?.pot ?? 0, currency)}
          </span>
          <span className="text-xs text-muted" data-testid="room-players-count">
            {t('players', { count: shown?.players ?? 0 })}
          </span>
        </PotWheel>
        {!draw && round?.ends_at ? (
          <CountdownPhase endsAt={round.ends_at} offsetMs={state.offsetMs} />
        ) : (
          <PhaseLines phase={phase} kind={phaseKind} winner={isRevealed ? draw?.winner?.player : undefined} />
        )}
        <h2 className="mt-4 mb-2 text-sm font-semibold">{t('stakes')}</h2>
        {players.length === 0 ? (
          <p className="text-sm text-muted">{t('noStakes')}</p>
        ) : (
          <ul className="grid gap-1 text-sm" data-testid="room-players">
            {players.map((player) => (
              <li
                key={player.userId}
                className={`flex items-center gap-2 rounded-lg px-2 py-1 ${
                  isRevealed && draw?.winner?.user_id === player.userId ? 'bg-panel-2 ring-1 ring-gold' : ''
                }`}
              >
                <span
                  aria-hidden="true"
                  className="size-3 shrink-0 rounded-full"
                  style={{ background: colourOf(order, player.userId) }}
                />
                <span className="min-w-0 flex-1 truncate">
                  {player.player}
                  {player.userId === me ? <span className="text-muted"> ({t('you')})</span> : null}
                </span>
                <span className="tabular-nums">{format.money(player.amount, currency)}</span>
                <span className="w-16 text-right text-muted tabular-nums">
                  {format.percent(player.chance * 100)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {last && !draw && last.winner ? (
          <p className="mt-3 text-sm text-muted" data-testid="room-last-winner">
            {t('lastWinner', {
              id: last.id,
              player: last.winner.player,
              amount: format.money(last.winner.payout, currency),
            })}
          </p>
        ) : null}
      </div>
      <div className="grid content-start gap-4">
        <div className="rounded-2xl border border-line bg-panel p-4">
          <StakeForm
            room={room}
            currency={currency}
            min={rules.min}
            max={rules.max}
            ownStakes={ownStakes}
            maxOwnStakes={rules.max_stakes_per_player}
            onStaked={staked}
          />
        </div>
        <div className="rounded-2xl border border-line bg-panel p-4 text-sm">
          <h2 className="mb-2 font-semibold">{tr('title')}</h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1" data-testid="room-rules">
            <dt className="text-muted">{tr('min')}</dt>
            <dd className="text-right tabular-nums">{format.money(rules.min, currency)}</dd>
            <dt className="text-muted">{tr('max')}</dt>
            <dd className="text-right tabular-nums">{format.money(rules.max, currency)}</dd>
            <dt className="text-muted">{tr('maxStakes')}</dt>
            <dd className="text-right tabular-nums">{rules.max_stakes_per_player}</dd>
            <dt className="text-muted">{tr('maxRound')}</dt>
            <dd className="text-right tabular-nums">{rules.max_stakes_per_round}</dd>
            <dt className="text-muted">{tr('commission')}</dt>
            <dd className="text-right tabular-nums">{format.percent(rules.commission_percent)}</dd>
            <dt className="text-muted">{tr('countdown')}</dt>
            <dd className="text-right tabular-nums">
              {tr('seconds', { seconds: Math.round(rules.countdown_ms / 1000) })}
            </dd>
          </dl>
        </div>
      </div>
    </section>
  );
}
