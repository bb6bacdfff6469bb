/**
 * The rooms in one API process (issue 16): takes stakes and tells every socket (the bus), and draws the
 * rounds whose countdown has ended. The database decides (service.ts); nothing here is an authority:
 *
 * - a settle job in every process looks for due rounds every `settleIntervalMs` and draws them with
 *   `FOR UPDATE SKIP LOCKED`, so with N processes each round is drawn once, by whichever gets it first,
 *   and a round survives the process that started its countdown;
 * - the process that took the stake starting a countdown also sets a timer for its end, so the draw
 *   comes on time rather than up to one interval late.
 *
 * Events go out after their transaction commits, on the room's topic (`rooms:<room>:<currency>`) and the
 * lobby's (`rooms`): stake, countdown, drawn (the round with its seed, ticket and winner), opened.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@/lib/constants/currencies';
import { isCurrency } from '@/lib/constants/currencies';
import { isRoomName, ROOM_COUNTDOWN_MS, ROOMS_TOPIC, roomTopic, type RoomName } from '@/lib/constants/rooms';
import type { RoomRound } from '@/lib/contracts/rooms';
import type { Executor } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { toMinorUnits } from '@/lib/money';
import type { RealtimeBus, RealtimeMessage } from '../../realtime/bus';
import type { BetFeed } from '../feed/feed';
import { minorToMajor } from '../ledger/service';
import {
  lobby,
  placeStake,
  roundState,
  rulesOf,
  settleDueRounds,
  type PlacedStake,
  type RoomPlayer,
  type SettledRound,
} from './service';

export interface RoomsSettings {
  /** How long stakes are still taken after the second player's first stake (ROOMS_COUNTDOWN_MS). */
  countdownMs: number;
  /** How often the settle job looks for due rounds. */
  settleIntervalMs: number;
  /** Whether this process draws rounds by itself (the job and the timers); tests drive it by hand. */
  autoSettle: boolean;
}

export const DEFAULT_ROOMS_SETTINGS: RoomsSettings = {
  countdownMs: ROOM_COUNTDOWN_MS,
  settleIntervalMs: 1_000,
  autoSettle: true,
};

/** A countdown's own timer fires this long after its end (clocks of processes differ a little). */
const TIMER_SLACK_MS = 25;

export class RoomsRuntime {
  private interval: NodeJS.Timeout | null = null;
  private readonly timers = new Set<NodeJS.Timeout>();
  private settling: Promise<void> | null = null;
  private settleAgain = false;
  private stopped = false;

  constructor(
    private readonly deps: {
      db: Executor;
      clock: Clock;
      log: FastifyBaseLogger;
      bus: RealtimeBus;
      /** The live bets feed: each player of a drawn round, their stakes and what they won. */
      feed?: Pick<BetFeed, 'record'>;
    },
    readonly settings: RoomsSettings = DEFAULT_ROOMS_SETTINGS,
  ) {}

  start(): void {
    if (!this.settings.autoSettle || this.interval) return;
    this.interval = setInterval(() => void this.settleDue(), this.settings.settleIntervalMs);
    this.interval.unref();
    void this.settleDue();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.interval) clearInterval(this.interval);
    this.interval = null;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await this.settling;
  }

  private now(): Date {
    return this.deps.clock();
  }

  /** A stake; its events go out once it is in. */
  async stake(
    player: RoomPlayer,
    room: RoomName,
    input: { amount: number; key: string },
  ): Promise<PlacedStake> {
    const placed = await placeStake(this.deps.db, {
      player,
      room,
      amount: input.amount,
      key: input.key,
      now: this.now(),
      countdownMs: this.settings.countdownMs,
    });
    if (placed.replayed) return placed;
    const { round } = placed;
    this.publish(round.room, round.currency, {
      type: 'stake',
      room: round.room,
      currency: round.currency,
      round_id: round.id,
      stake: placed.stake,
      pot: round.pot,
      players: round.players,
    });
    if (placed.countdownStarted && round.ends_at) {
      this.publish(round.room, round.currency, {
        type: 'countdown',
        room: round.room,
        currency: round.currency,
        round_id: round.id,
        ends_at: round.ends_at,
        now: this.now().toISOString(),
      });
      this.timerFor(new Date(round.ends_at));
    }
    return placed;
  }

  private timerFor(endsAt: Date): void {
    if (!this.settings.autoSettle || this.stopped) return;
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        void this.settleDue();
      },
      Math.max(0, endsAt.getTime() - this.now().getTime()) + TIMER_SLACK_MS,
    );
    timer.unref();
    this.timers.add(timer);
  }

  /**
   * Draws the due rounds (one pass at a time in this process; a call during a pass asks for another) and
   * tells the sockets. Never throws: a failure is logged and the next pass tries again.
   */
  settleDue(): Promise<void> {
    if (this.settling) {
      this.settleAgain = true;
      return this.settling;
    }
    this.settling = (async () => {
      do {
        this.settleAgain = false;
        try {
          const settled = await settleDueRounds(this.deps.db, this.now());
          for (const round of settled) this.announce(round);
        } catch (error) {
          this.deps.log.warn({ err: error }, 'rooms: drawing due rounds failed; the next pass retries');
        }
      } while (this.settleAgain && !this.stopped);
    })().finally(() => {
      this.settling = null;
    });
    return this.settling;
  }

  /** Draws the due rounds now and answers them (tests; the job's pass without the events' order). */
  async settleNow(): Promise<SettledRound[]> {
    const settled = await settleDueRounds(this.deps.db, this.now());
    for (const round of settled) this.announce(round);
    return settled;
  }

  private announce({ drawn, opened }: SettledRound): void {
    this.toFeed(drawn);
    this.publish(drawn.room, drawn.currency, {
      type: 'drawn',
      room: drawn.room,
      currency: drawn.currency,
      round: drawn,
    });
    this.publish(opened.room, opened.currency, {
      type: 'opened',
      room: opened.room,
      currency: opened.currency,
      round: opened,
    });
  }

  /** One feed entry per player of the round: their stakes together, the payout for the winner. */
  private toFeed(drawn: RoomRound): void {
    const byPlayer = new Map<number, { firstStake: number; amountMinor: bigint }>();
    for (const stake of drawn.stakes) {
      const entry = byPlayer.get(stake.user_id);
      const amountMinor = BigInt(toMinorUnits(stake.amount));
      if (entry) entry.amountMinor += amountMinor;
      else byPlayer.set(stake.user_id, { firstStake: stake.id, amountMinor });
    }
    for (const [userId, entry] of byPlayer) {
      const won = drawn.winner?.user_id === userId;
      this.deps.feed?.record({
        game: 'rooms',
        betId: entry.firstStake,
        userId,
        currency: drawn.currency,
        amountMinor: entry.amountMinor,
        payoutMinor: won ? BigInt(toMinorUnits(drawn.winner!.payout)) : 0n,
        at: new Date(drawn.drawn_at ?? this.now()),
      });
    }
  }

  private publish(
    room: RoomName,
    currency: Currency,
    event: { type: string; [field: string]: unknown },
  ): void {
    this.deps.bus.publish({ topic: roomTopic(room, currency), ...event });
    this.deps.bus.publish({ topic: ROOMS_TOPIC, ...event });
  }

  /** The snapshot of `rooms` (the lobby) or `rooms:<room>:<currency>` (a round); null for anything else. */
  async snapshot(topic: string): Promise<RealtimeMessage | null> {
    const now = this.now();
    if (topic === ROOMS_TOPIC) {
      return { topic, type: 'snapshot', ...(await lobby(this.deps.db, now)) };
    }
    const [family, room, currency, ...rest] = topic.split(':');
    if (family !== ROOMS_TOPIC || rest.length > 0 || !isRoomName(room) || !isCurrency(currency)) return null;
    const round: RoomRound = await roundState(this.deps.db, room, currency, now);
    return {
      topic,
      type: 'snapshot',
      round,
      rules: rulesOf(room, currency, this.settings.countdownMs),
      now: now.toISOString(),
    };
  }
}

export const balanceOf = (placed: PlacedStake) => minorToMajor(placed.balanceMinor);
