/**
 * The crash round's clock (issue 16), in one API process: a betting window, then the multiplier grows as
 * e^(0.00006 · ms) with a tick to every listener at least every `tickMs`, auto cash-outs paid at exactly
 * their target, the bust at the game's crash point, a pause, and the next game of the chain. Money and
 * outcomes go through PostgreSQL (service.ts); this keeps the round in memory and tells listeners.
 *
 * The crash point is known here from the game's start but leaves only with the bust (`busted`); the game's
 * hash likewise. A cash-out is priced by this process's clock when it arrives: the client never names a
 * multiplier. A per-round maximum profit cashes every bet out when the bets' profit would pass it.
 *
 * Not yet: sharing rounds between several API processes (REDIS_URL, a leader lease); with several
 * processes on one database only one of them may run the engine (`CRASH_ENGINE=off` on the others).
 */
import type { FastifyBaseLogger } from 'fastify';
import { getBetLimits } from '@/lib/constants/bet-limits';
import type { Currency } from '@/lib/constants/currencies';
import type { CrashBetView, CrashMessage, CrashSnapshot } from '@/lib/contracts/crash';
import { crashPointHundredths, multiplierAtHundredths, msToReach } from '@/lib/fair/crash';
import { toMinorUnits } from '@/lib/money';
import type { Executor } from '../../db/client';
import { HttpError, ValidationError } from '../../lib/errors';
import type { Clock } from '../../lib/clock';
import type { RealtimeBus } from '../../realtime/bus';
import { minorToMajor } from '../ledger/service';
import * as repository from './repository';
import { bustRound, placeStake, refundInterruptedGames, settleCashout, type CrashPlayer } from './service';

export interface CrashSettings {
  /** How long bets are taken before a game starts. */
  bettingMs: number;
  /** The pause after a bust before the next betting window. */
  pauseMs: number;
  /** How often listeners get the multiplier while a game runs (at most 150 ms). */
  tickMs: number;
  /** How often to look for a playable game when there is none (no chain, or no salt yet). */
  idleMs: number;
  /** The most the bets of one game may win together, per currency (major units). */
  maxProfit: Record<Currency, number>;
}

export const DEFAULT_CRASH_SETTINGS: CrashSettings = {
  bettingMs: 5_000,
  pauseMs: 3_000,
  tickMs: 100,
  idleMs: 5_000,
  maxProfit: { RUB: 1_000_000, USD: 10_000, KZT: 5_000_000, INR: 1_000_000, EUR: 10_000 },
};

interface LiveBet {
  row: repository.CrashBetRow;
  player: string;
}

type Phase = 'idle' | 'betting' | 'starting' | 'running' | 'busted';

/** The realtime topic of the rounds (its events are CrashMessage with `topic: 'crash'`). */
export const CRASH_TOPIC = 'crash';

export type Listener = (message: CrashMessage, serialized: string) => void;

export class CrashEngine {
  private phase: Phase = 'idle';
  private game: repository.CrashGameRow | null = null;
  private salt: string | null = null;
  private crashPoint = 0;
  private bustMs = 0;
  private startedAt = 0;
  private bettingEndsAt = 0;
  private bets = new Map<number, LiveBet>();
  private pendingStakes = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /** Serialises the round's steps (a tick, the bust) with each other. */
  private step: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { db: Executor; clock: Clock; log: FastifyBaseLogger; bus: RealtimeBus },
    private readonly settings: CrashSettings = DEFAULT_CRASH_SETTINGS,
  ) {}

  /**
   * Starts the loop, which first takes the rounds over: games a stopped process left running are refunded.
   * Never throws: while the database does not answer, the loop tries again every `idleMs`.
   */
  async start(): Promise<void> {
    this.schedule(0, () => this.takeOver());
  }

  private async takeOver(): Promise<void> {
    const refunded = await refundInterruptedGames(this.deps.db, this.now());
    if (refunded > 0) this.deps.log.warn({ refunded }, 'crash: bets of an interrupted game refunded');
    await this.openBetting();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.step;
  }

  /** The round's events as the sockets get them (the bus's `crash` topic). */
  subscribe(listener: Listener): () => void {
    return this.deps.bus.subscribe(CRASH_TOPIC, (message, serialized) =>
      listener(message as unknown as CrashMessage, serialized),
    );
  }

  /** The round as it stands, without the crash point or the hash before the bust. */
  snapshot(): CrashSnapshot {
    const now = this.now();
    const running = this.phase === 'running';
    const busted = this.phase === 'busted';
    const elapsed = running ? now.getTime() - this.startedAt : busted ? this.bustMs : null;
    return {
      type: 'snapshot',
      phase: this.phase === 'starting' ? 'betting' : this.phase,
      game_id: this.game?.id ?? null,
      betting_ends_at:
        this.phase === 'betting' || this.phase === 'starting'
          ? new Date(this.bettingEndsAt).toISOString()
          : null,
      elapsed_ms: elapsed,
      multiplier: elapsed === null ? null : Math.min(multiplierAtHundredths(elapsed), this.crashPoint) / 100,
      crash_point: busted ? this.crashPoint / 100 : null,
      hash: busted ? (this.game?.hash ?? null) : null,
      bets: [...this.bets.values()].map(view),
      now: now.toISOString(),
    };
  }

  /** A bet in the betting window (amount in major units, auto cash-out as a multiplier or null). */
  async placeBet(
    player: CrashPlayer,
    input: { amount: number; autoCashout: number | null; key: string; playerName: string },
  ): Promise<{ bet: CrashBetView; gameId: number; balance: number }> {
    const { min, max } = getBetLimits(player.currency, 'crash');
    if (input.amount < min || input.amount > max) {
      throw ValidationError.field(
        'amount',
        input.amount < min ? 'too_small' : 'too_big',
        `The bet must be from ${min} to ${max} ${player.currency}.`,
      );
    }
    if (this.phase !== 'betting' || !this.game || this.now().getTime() >= this.bettingEndsAt) {
      throw ValidationError.field('amount', 'betting_closed', 'Bets are taken only before the game starts.');
    }
    const gameId = this.game.id;
    const staking = placeStake(this.deps.db, {
      player,
      gameId,
      amountMinor: BigInt(toMinorUnits(input.amount)),
      autoCashout: input.autoCashout === null ? null : Math.round(input.autoCashout * 100),
      key: input.key,
      now: this.now(),
    });
    // The game does not start before the stakes under way are in (or refused).
    this.pendingStakes.add(staking);
    try {
      const placed = await staking;
      const live = { row: placed.bet, player: input.playerName };
      if (!placed.replayed && this.game?.id === gameId) {
        this.bets.set(placed.bet.userId, live);
        this.broadcast({ type: 'bet', game_id: gameId, bet: view(live) });
      }
      return { bet: view(live), gameId, balance: minorToMajor(placed.balanceMinor) };
    } finally {
      this.pendingStakes.delete(staking);
    }
  }

  /** Cashes the player's bet out at the multiplier of this moment (or its auto target, if reached first). */
  async cashOut(userId: number, gameId: number): Promise<{ bet: CrashBetView; balance: number }> {
    if (this.phase !== 'running' || this.game?.id !== gameId) {
      throw ValidationError.field('game_id', 'not_running', 'This game is not running.');
    }
    const live = this.bets.get(userId);
    if (!live) throw new HttpError(404, 'You have no bet in this game.');
    const elapsed = this.now().getTime() - this.startedAt;
    if (elapsed >= this.bustMs)
      throw ValidationError.field('game_id', 'busted', 'Too late: the game busted.');
    const reached = multiplierAtHundredths(elapsed);
    const auto = live.row.autoCashout;
    const at = auto !== null && auto <= reached ? auto : reached;
    const result = await this.settle(live, at);
    if (!result) throw ValidationError.field('game_id', 'not_in_game', 'Your bet is no longer in the game.');
    return result;
  }

  // --- the round ---

  private now(): Date {
    return this.deps.clock();
  }

  private schedule(ms: number, next: () => Promise<void> | void): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.step = this.step
        .then(() => (this.stopped ? undefined : next()))
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'crash: round step failed; starting over');
          this.schedule(this.settings.idleMs, () => this.recover());
        });
    }, ms);
    this.timer.unref?.();
  }

  /** After a failed step: the round in memory is dropped, and its game's bets refunded (takeOver). */
  private async recover(): Promise<void> {
    this.phase = 'idle';
    this.game = null;
    this.bets.clear();
    await this.takeOver();
  }

  private async openBetting(): Promise<void> {
    const next = await repository.nextPendingGame(this.deps.db);
    if (!next) {
      this.phase = 'idle';
      this.game = null;
      this.schedule(this.settings.idleMs, () => this.openBetting());
      return;
    }
    this.game = next.game;
    this.salt = next.salt;
    this.bets.clear();
    // Bets already taken for this game (its betting window was cut short by a failure) stay in it.
    const earlier = await repository.betsOfGame(this.deps.db, next.game.id);
    if (earlier.length > 0) {
      const names = await repository.publicNames(
        this.deps.db,
        earlier.map((bet) => bet.userId),
      );
      for (const row of earlier) {
        this.bets.set(row.userId, { row, player: names.get(row.userId) ?? 'Hidden' });
      }
    }
    this.phase = 'betting';
    this.bettingEndsAt = this.now().getTime() + this.settings.bettingMs;
    this.broadcast({
      type: 'betting',
      game_id: next.game.id,
      ends_at: new Date(this.bettingEndsAt).toISOString(),
    });
    this.schedule(this.settings.bettingMs, () => this.startGame());
  }

  private async startGame(): Promise<void> {
    const game = this.game!;
    this.phase = 'starting';
    await Promise.allSettled([...this.pendingStakes]);
    this.crashPoint = crashPointHundredths(game.hash, this.salt!);
    this.bustMs = msToReach(this.crashPoint);
    const started = await repository.startGame(this.deps.db, game.id, this.crashPoint, this.now());
    if (!started) {
      // Another process plays this game: look for the next one.
      this.schedule(0, () => this.openBetting());
      return;
    }
    this.startedAt = started.startedAt!.getTime();
    this.phase = 'running';
    this.broadcast({ type: 'started', game_id: game.id, started_at: new Date(this.startedAt).toISOString() });
    this.schedule(Math.min(this.settings.tickMs, this.bustMs), () => this.tick());
  }

  private async tick(): Promise<void> {
    const game = this.game!;
    const elapsed = this.now().getTime() - this.startedAt;
    const reached = Math.min(multiplierAtHundredths(elapsed), this.crashPoint);
    // Auto cash-outs whose target came before the bust, at exactly their target.
    const due = [...this.bets.values()].filter(
      (bet) =>
        bet.row.status === 'active' &&
        bet.row.autoCashout !== null &&
        bet.row.autoCashout <= reached &&
        bet.row.autoCashout < this.crashPoint,
    );
    await Promise.all(due.map((bet) => this.settle(bet, bet.row.autoCashout!)));
    if (elapsed >= this.bustMs) {
      await this.bust(elapsed);
      return;
    }
    await this.capProfit(reached);
    this.broadcast({ type: 'tick', game_id: game.id, elapsed_ms: elapsed, multiplier: reached / 100 });
    const untilBust = this.bustMs - elapsed;
    this.schedule(Math.max(1, Math.min(this.settings.tickMs, untilBust)), () => this.tick());
  }

  /** The bets' profit at `reached` may not pass the round's maximum: past it, every bet is cashed out. */
  private async capProfit(reached: number): Promise<void> {
    const active = [...this.bets.values()].filter((bet) => bet.row.status === 'active');
    const byCurrency = new Map<string, bigint>();
    for (const bet of active) {
      const profit = (bet.row.amountMinor * BigInt(reached - 100)) / 100n;
      byCurrency.set(bet.row.currency, (byCurrency.get(bet.row.currency) ?? 0n) + profit);
    }
    for (const [currency, profit] of byCurrency) {
      const cap = BigInt(toMinorUnits(this.settings.maxProfit[currency as Currency] ?? 0));
      if (profit < cap) continue;
      await Promise.all(
        active.filter((bet) => bet.row.currency === currency).map((bet) => this.settle(bet, reached)),
      );
    }
  }

  private async settle(
    live: LiveBet,
    hundredths: number,
  ): Promise<{ bet: CrashBetView; balance: number } | undefined> {
    const game = this.game!;
    const result = await settleCashout(this.deps.db, {
      gameId: game.id,
      userId: live.row.userId,
      hundredths,
      now: this.now(),
    });
    if (!result) return undefined;
    live.row = result.bet;
    if (!result.settled)
      return result.bet.status === 'cashed_out'
        ? { bet: view(live), balance: minorToMajor(result.balanceMinor) }
        : undefined;
    this.broadcast({ type: 'cashout', game_id: game.id, bet: view(live) });
    return { bet: view(live), balance: minorToMajor(result.balanceMinor) };
  }

  private async bust(elapsed: number): Promise<void> {
    const game = this.game!;
    const lost = await bustRound(this.deps.db, game.id, this.now());
    for (const row of lost) {
      const live = this.bets.get(row.userId);
      if (live) live.row = row;
    }
    this.phase = 'busted';
    this.broadcast({
      type: 'busted',
      game_id: game.id,
      crash_point: this.crashPoint / 100,
      hash: game.hash,
      elapsed_ms: Math.max(elapsed, this.bustMs),
    });
    this.schedule(this.settings.pauseMs, () => this.openBetting());
  }

  private broadcast(message: CrashMessage): void {
    this.deps.bus.publish({ topic: CRASH_TOPIC, ...message });
  }
}

function view(live: LiveBet): CrashBetView {
  const { row } = live;
  const cashedOut = row.status === 'cashed_out';
  return {
    id: row.id,
    player: live.player,
    currency: row.currency,
    amount: minorToMajor(row.amountMinor),
    auto_cashout: row.autoCashout === null ? null : row.autoCashout / 100,
    cashed_out_at: cashedOut && row.cashedOutAt !== null ? row.cashedOutAt / 100 : null,
    payout: cashedOut ? minorToMajor(row.payoutMinor) : null,
  };
}
