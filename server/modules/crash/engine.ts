/**
 * The crash rounds (issue 16): a betting window, then the multiplier grows as e^(0.00006 · ms) with a tick
 * to every listener at least every `tickMs`, auto cash-outs paid at exactly their target, the bust at the
 * game's crash point, a pause, and the next game of the chain. Money and outcomes go through PostgreSQL
 * (service.ts); the round's events go on the bus's `crash` topic.
 *
 * One process runs the round's clock (the window, the start, the ticks, the auto cash-outs, the maximum
 * profit, the bust, the next game); every process shows the round and takes bets and cash-outs:
 * - Without REDIS_URL the one process runs the clock; everything is in its memory beside PostgreSQL.
 * - With REDIS_URL the process holding the lease `CRASH_LEASE_KEY` (realtime/lease.ts) runs the clock and
 *   the others follow. Every process, the leader too, keeps what it shows (`snapshot()`, the sockets) from
 *   the bus's events, which Redis hands to all of them in one order. Any process takes a bet (its stake is
 *   refused by PostgreSQL once the game has started: service.ts) and publishes it; the leader reads every
 *   bet another process announces from the database, and all the game's bets again once it has started
 *   the game, so its auto cash-outs and profit cap count them. Any process takes a cash-out, priced by its
 *   own clock from the game's `started_at` and refused from the crash point on (service.ts,
 *   `cashOutAtClock`: under the game row's lock, so never after the bust).
 * - Take-over: the process that gets the lease (at its start, or within about the lease's TTL after a
 *   leader dies; at once after one stops and gives it back) goes on with the game left running: its start
 *   time and crash point are in the database, so auto cash-outs whose target passed meanwhile are paid at
 *   exactly their target, then it ticks on or busts it. A game whose bust is more than RESUME_WITHIN_MS in
 *   the past (no process ran the rounds for that long) has its bets refunded instead, as a lone process
 *   does at its start. A leader that cannot renew its lease stops before the lease can pass on; should two
 *   clocks ever overlap, the database still starts, busts and settles each game and bet once.
 *
 * The crash point is known where the clock runs from the game's start, but leaves it only with the bust
 * (`busted`); the game's hash likewise. The client never names a multiplier: a cash-out is priced by the
 * server's clock when it arrives. A per-round maximum profit cashes every bet out when the bets' profit
 * would pass it.
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
import type { BetFeed } from '../feed/feed';
import type { LeaderLease } from '../../realtime/lease';
import { minorToMajor } from '../ledger/service';
import * as repository from './repository';
import {
  bustRound,
  cashOutAtClock,
  placeStake,
  refundGame,
  refundInterruptedGames,
  settleCashout,
  startRound,
  type CrashPlayer,
} from './service';

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
  // Within the 150 ms with room for timer jitter; each tick is a write to every spectator's socket.
  tickMs: 125,
  idleMs: 5_000,
  maxProfit: { RUB: 1_000_000, USD: 10_000, KZT: 5_000_000, INR: 1_000_000, EUR: 10_000 },
};

/** The Redis key of the lease whose holder runs the rounds' clock (REDIS_URL). */
export const CRASH_LEASE_KEY = 'casino:crash:leader';

/**
 * A new leader goes on with a game left running whose bust came at most this long ago (the other
 * processes took cash-outs meanwhile); an older one's bets are refunded.
 */
export const RESUME_WITHIN_MS = 30_000;

/** The realtime topic of the rounds (its events are CrashMessage with `topic: 'crash'`). */
export const CRASH_TOPIC = 'crash';

export type Listener = (message: CrashMessage, serialized: string) => void;

interface LiveBet {
  row: repository.CrashBetRow;
  player: string;
}

/** The round this process runs while it holds the clock. */
interface Round {
  game: repository.CrashGameRow;
  salt: string;
  phase: 'betting' | 'starting' | 'running' | 'busted';
  crashPoint: number;
  bustMs: number;
  startedAt: number;
  /** Every bet of the game, whichever process took it, by bet id. */
  bets: Map<number, LiveBet>;
}

/** The round as this process shows it, kept from the bus's events (so the same in every process). */
interface Shown {
  phase: 'idle' | 'betting' | 'running' | 'busted';
  gameId: number | null;
  bettingEndsAt: number | null;
  startedAt: number | null;
  busted: { crashPoint: number; hash: string; elapsedMs: number } | null;
  /** By bet id, in the order they were announced. */
  bets: Map<number, CrashBetView>;
}

const nothingShown = (): Shown => ({
  phase: 'idle',
  gameId: null,
  bettingEndsAt: null,
  startedAt: null,
  busted: null,
  bets: new Map(),
});

export class CrashEngine {
  private shown: Shown = nothingShown();
  private round: Round | null = null;
  /** Whether this process runs the clock (always without a lease; while holding it with one). */
  private leading = false;
  /** Counts each time this process starts or stops leading: a step of an earlier turn does nothing. */
  private generation = 0;
  private pendingStakes = new Set<Promise<unknown>>();
  private timer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  private unsubscribe: (() => void) | null = null;
  /** Serialises the round's steps (a tick, the bust) with each other. */
  private step: Promise<void> = Promise.resolve();
  /** Reads of the database that bring this process up to date, one after the other. */
  private reads: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: {
      db: Executor;
      clock: Clock;
      log: FastifyBaseLogger;
      bus: RealtimeBus;
      /** With REDIS_URL: the lease whose holder runs the clock. Absent: this process runs it. */
      lease?: LeaderLease | null;
      /** The live bets feed, told of each bet this process settles (a cash-out, or lost at the bust). */
      feed?: Pick<BetFeed, 'record'>;
    },
    private readonly settings: CrashSettings = DEFAULT_CRASH_SETTINGS,
  ) {}

  /**
   * Starts following the round's events and running the clock: at once without a lease (the loop first
   * refunds the games a stopped process left running), else whenever this process holds the lease. Never
   * throws: while the database does not answer, the loop tries again every `idleMs`.
   */
  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.unsubscribe = this.deps.bus.subscribe(CRASH_TOPIC, (message) =>
      this.apply(message as unknown as CrashMessage),
    );
    const { lease } = this.deps;
    if (!lease) {
      this.lead();
      return;
    }
    // Lead only once this process gets its own events back, showing the game in progress meanwhile.
    void (async () => {
      await this.deps.bus.ready?.();
      await this.followRunningGame().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'crash: the game in progress could not be read'),
      );
      if (this.stopped) return;
      lease.start({ acquired: () => this.lead(), lost: (reason) => this.follow(reason) });
    })();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.leading = false;
    this.generation += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.step;
    await this.deps.lease?.close();
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Whether this process runs the rounds' clock now. */
  isLeader(): boolean {
    return this.mayLead(this.generation);
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
    const { shown } = this;
    let elapsed: number | null = null;
    let multiplier: number | null = null;
    if (shown.phase === 'running' && shown.startedAt !== null) {
      elapsed = Math.max(0, now.getTime() - shown.startedAt);
      const reached = multiplierAtHundredths(elapsed);
      const round = this.runs(shown.gameId) ? this.round : null;
      multiplier = (round ? Math.min(reached, round.crashPoint) : reached) / 100;
    } else if (shown.phase === 'busted' && shown.busted) {
      elapsed = shown.busted.elapsedMs;
      multiplier = shown.busted.crashPoint;
    }
    return {
      type: 'snapshot',
      phase: shown.phase,
      game_id: shown.gameId,
      betting_ends_at:
        shown.phase === 'betting' && shown.bettingEndsAt !== null
          ? new Date(shown.bettingEndsAt).toISOString()
          : null,
      elapsed_ms: elapsed,
      multiplier,
      crash_point: shown.phase === 'busted' ? (shown.busted?.crashPoint ?? null) : null,
      hash: shown.phase === 'busted' ? (shown.busted?.hash ?? null) : null,
      bets: [...shown.bets.values()],
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
    const { shown, round } = this;
    const gameId = shown.gameId;
    if (
      shown.phase !== 'betting' ||
      gameId === null ||
      shown.bettingEndsAt === null ||
      this.now().getTime() >= shown.bettingEndsAt ||
      (this.runs(gameId) && round?.phase !== 'betting')
    ) {
      throw ValidationError.field('amount', 'betting_closed', 'Bets are taken only before the game starts.');
    }
    // PostgreSQL refuses the stake if the game has started meanwhile (in whichever process runs it).
    const staking = placeStake(this.deps.db, {
      player,
      gameId,
      amountMinor: BigInt(toMinorUnits(input.amount)),
      autoCashout: input.autoCashout === null ? null : Math.round(input.autoCashout * 100),
      key: input.key,
      now: this.now(),
    });
    // Where the clock runs, the game does not start before the stakes under way are in (or refused).
    this.pendingStakes.add(staking);
    try {
      const placed = await staking;
      const live = { row: placed.bet, player: input.playerName };
      if (!placed.replayed) {
        const current = this.runs(gameId) ? this.round : null;
        if (current && !current.bets.has(placed.bet.id)) current.bets.set(placed.bet.id, live);
        this.broadcast({ type: 'bet', game_id: gameId, bet: view(live) });
      }
      return { bet: view(live), gameId, balance: minorToMajor(placed.balanceMinor) };
    } finally {
      this.pendingStakes.delete(staking);
    }
  }

  /**
   * Cashes the player's bet out at the multiplier of this moment by this process's clock (or its auto
   * target, if reached first), whichever process runs the round.
   */
  async cashOut(userId: number, gameId: number): Promise<{ bet: CrashBetView; balance: number }> {
    const outcome = await cashOutAtClock(this.deps.db, { gameId, userId, now: this.now() });
    if (outcome.kind === 'not_running')
      throw ValidationError.field('game_id', 'not_running', 'This game is not running.');
    if (outcome.kind === 'busted')
      throw ValidationError.field('game_id', 'busted', 'Too late: the game busted.');
    if (outcome.kind === 'no_bet') throw new HttpError(404, 'You have no bet in this game.');
    if (outcome.kind === 'not_in_game')
      throw ValidationError.field('game_id', 'not_in_game', 'Your bet is no longer in the game.');
    const known = this.runs(gameId) ? this.round?.bets.get(outcome.bet.id) : undefined;
    const live = { row: outcome.bet, player: known?.player ?? (await this.playerOf(outcome.bet)) };
    if (outcome.settled) {
      if (known) known.row = outcome.bet;
      this.broadcast({ type: 'cashout', game_id: gameId, bet: view(live) });
      this.toFeed(outcome.bet);
    }
    return { bet: view(live), balance: minorToMajor(outcome.balanceMinor) };
  }

  // --- what every process shows, from the bus ---

  private apply(message: CrashMessage): void {
    const { shown } = this;
    const sameGame = 'game_id' in message && shown.gameId === message.game_id;
    switch (message.type) {
      case 'betting':
        this.shown = {
          ...nothingShown(),
          phase: 'betting',
          gameId: message.game_id,
          bettingEndsAt: Date.parse(message.ends_at),
        };
        return;
      case 'bet':
      case 'cashout': {
        if (sameGame) {
          const before = shown.bets.get(message.bet.id);
          // A late announcement of the bet never hides its cash-out.
          if (!(before && before.payout !== null && message.bet.payout === null))
            shown.bets.set(message.bet.id, message.bet);
        }
        this.learnBet(message.type, message.game_id, message.bet);
        return;
      }
      case 'started':
        this.shown = {
          ...nothingShown(),
          phase: 'running',
          gameId: message.game_id,
          startedAt: Date.parse(message.started_at),
          bets: sameGame ? shown.bets : new Map(),
        };
        if (!this.runs(message.game_id)) this.catchUp(message.game_id);
        return;
      case 'tick':
        if (sameGame && shown.phase !== 'betting') return;
        // This process missed the start (it has just come, or the bus was away): it shows the game now.
        this.shown = {
          ...nothingShown(),
          phase: 'running',
          gameId: message.game_id,
          startedAt: this.now().getTime() - message.elapsed_ms,
          bets: sameGame ? shown.bets : new Map(),
        };
        if (!this.runs(message.game_id)) this.catchUp(message.game_id);
        return;
      case 'busted':
        this.shown = {
          ...nothingShown(),
          phase: 'busted',
          gameId: message.game_id,
          startedAt: sameGame ? shown.startedAt : null,
          busted: { crashPoint: message.crash_point, hash: message.hash, elapsedMs: message.elapsed_ms },
          bets: sameGame ? shown.bets : new Map(),
        };
        return;
      default:
        return;
    }
  }

  /** Where the clock runs: a bet or a cash-out another process took joins the round, from the database. */
  private learnBet(type: 'bet' | 'cashout', gameId: number, bet: CrashBetView): void {
    const round = this.runs(gameId) ? this.round : null;
    if (!round) return;
    const known = round.bets.get(bet.id);
    if (known && (type === 'bet' || known.row.status !== 'active')) return;
    this.read(async () => {
      const row = await repository.betById(this.deps.db, bet.id);
      if (!row || this.round !== round) return;
      const live = round.bets.get(bet.id);
      if (!live) round.bets.set(bet.id, { row, player: bet.player });
      else if (live.row.status === 'active') live.row = row;
    });
  }

  /** Where the clock does not run: the game's bets from the database, in case an announcement was missed. */
  private catchUp(gameId: number): void {
    this.read(async () => {
      if (this.shown.gameId !== gameId) return;
      const rows = await repository.betsOfGame(this.deps.db, gameId);
      const names = await repository.publicNames(
        this.deps.db,
        rows.filter((row) => !this.shown.bets.has(row.id)).map((row) => row.userId),
      );
      const { shown } = this;
      if (shown.gameId !== gameId) return;
      for (const row of rows) {
        const before = shown.bets.get(row.id);
        if (before && before.payout !== null) continue;
        shown.bets.set(row.id, view({ row, player: before?.player ?? names.get(row.userId) ?? 'Hidden' }));
      }
    });
  }

  /** At the start with a lease: the game running now, if any, until the bus says more. */
  private async followRunningGame(): Promise<void> {
    const game = (await repository.runningGames(this.deps.db)).at(-1);
    if (!game?.startedAt || this.shown.gameId !== null) return;
    this.shown = {
      ...nothingShown(),
      phase: 'running',
      gameId: game.id,
      startedAt: game.startedAt.getTime(),
    };
    this.catchUp(game.id);
  }

  private read(work: () => Promise<void>): void {
    this.reads = this.reads
      .then(work)
      .catch((error: unknown) => this.deps.log.warn({ err: error }, 'crash: could not read the bets'));
  }

  private async playerOf(row: repository.CrashBetRow): Promise<string> {
    const shown = this.shown.bets.get(row.id);
    if (shown) return shown.player;
    const names = await repository.publicNames(this.deps.db, [row.userId]);
    return names.get(row.userId) ?? 'Hidden';
  }

  // --- the clock, where it runs ---

  private now(): Date {
    return this.deps.clock();
  }

  private runs(gameId: number | null): boolean {
    return this.leading && gameId !== null && this.round?.game.id === gameId;
  }

  private mayLead(generation: number): boolean {
    return (
      !this.stopped &&
      this.leading &&
      generation === this.generation &&
      (this.deps.lease ? this.deps.lease.held : true)
    );
  }

  private lead(): void {
    if (this.stopped) return;
    this.leading = true;
    this.generation += 1;
    if (this.deps.lease) this.deps.log.info('crash: this process holds the lease and runs the rounds');
    const generation = this.generation;
    this.schedule(0, () => this.takeOver(generation), generation);
  }

  private follow(reason: string): void {
    if (!this.leading) return;
    this.leading = false;
    this.generation += 1;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.round = null;
    this.deps.log.warn({ reason }, 'crash: lease lost; this process follows the rounds');
  }

  private schedule(ms: number, next: () => Promise<void> | void, generation: number): void {
    if (!this.mayLead(generation)) return;
    this.timer = setTimeout(() => {
      this.step = this.step
        .then(() => (this.mayLead(generation) ? next() : undefined))
        .catch((error: unknown) => {
          this.deps.log.warn({ err: error }, 'crash: round step failed; starting over');
          this.schedule(this.settings.idleMs, () => this.recover(generation), generation);
        });
    }, ms);
    this.timer.unref?.();
  }

  /**
   * Taking the rounds over. Alone: the games a stopped process left running are refunded. With a lease:
   * the newest of them goes on (unless its bust is long past), the others are refunded. Then the next game.
   */
  private async takeOver(generation: number): Promise<void> {
    const now = this.now();
    if (!this.deps.lease) {
      const refunded = await refundInterruptedGames(this.deps.db, now);
      if (refunded > 0) this.deps.log.warn({ refunded }, 'crash: bets of an interrupted game refunded');
      await this.openBetting(generation);
      return;
    }
    let resumable: repository.CrashGameRow | undefined;
    for (const game of (await repository.runningGames(this.deps.db)).reverse()) {
      const bustAt = game.startedAt!.getTime() + msToReach(game.crashPoint ?? 100);
      if (!resumable && now.getTime() - bustAt <= RESUME_WITHIN_MS) {
        resumable = game;
        continue;
      }
      if (!this.mayLead(generation)) return;
      const refunded = await refundGame(this.deps.db, game.id, now);
      this.deps.log.warn({ game: game.id, refunded }, 'crash: bets of a game left running long ago refunded');
    }
    if (resumable) await this.resume(resumable, generation);
    else await this.openBetting(generation);
  }

  /** Goes on with a game another process started: its start time and crash point are in the database. */
  private async resume(game: repository.CrashGameRow, generation: number): Promise<void> {
    const salt = await repository.chainSalt(this.deps.db, game.chainId);
    if (salt === null) throw new Error(`crash game ${game.id} runs without its chain's salt`);
    const crashPoint = crashPointHundredths(game.hash, salt);
    if (crashPoint !== game.crashPoint) {
      this.deps.log.error({ game: game.id }, 'crash: the stored crash point differs from hash and salt');
    }
    const round: Round = {
      game,
      salt,
      phase: 'running',
      crashPoint,
      bustMs: msToReach(crashPoint),
      startedAt: game.startedAt!.getTime(),
      bets: new Map(),
    };
    await this.loadBets(round);
    if (!this.mayLead(generation)) return;
    this.round = round;
    // This process may have just come, or missed events: it shows the game as the database has it.
    this.shown = {
      ...nothingShown(),
      phase: 'running',
      gameId: game.id,
      startedAt: round.startedAt,
      bets: new Map([...round.bets.values()].map((live) => [live.row.id, view(live)])),
    };
    this.deps.log.warn(
      { game: game.id, elapsedMs: this.now().getTime() - round.startedAt, bets: round.bets.size },
      'crash: going on with the game another process left running',
    );
    this.schedule(0, () => this.tick(generation), generation);
  }

  /** After a failed step: the round in memory is dropped, and the rounds taken over again. */
  private async recover(generation: number): Promise<void> {
    this.round = null;
    await this.takeOver(generation);
  }

  /** Reads every bet of the round's game (whichever process took it); rows already settled stay as known. */
  private async loadBets(round: Round): Promise<void> {
    const rows = await repository.betsOfGame(this.deps.db, round.game.id);
    const names = await repository.publicNames(
      this.deps.db,
      rows.filter((row) => !round.bets.has(row.id)).map((row) => row.userId),
    );
    for (const row of rows) {
      const live = round.bets.get(row.id);
      if (!live) round.bets.set(row.id, { row, player: names.get(row.userId) ?? 'Hidden' });
      else if (live.row.status === 'active') live.row = row;
    }
  }

  private async openBetting(generation: number): Promise<void> {
    const next = await repository.nextPendingGame(this.deps.db);
    if (!next) {
      this.round = null;
      this.schedule(this.settings.idleMs, () => this.openBetting(generation), generation);
      return;
    }
    const round: Round = {
      game: next.game,
      salt: next.salt,
      phase: 'betting',
      crashPoint: 0,
      bustMs: 0,
      startedAt: 0,
      bets: new Map(),
    };
    // Bets already taken for this game (its betting window was cut short by a failure) stay in it.
    await this.loadBets(round);
    if (!this.mayLead(generation)) return;
    this.round = round;
    const endsAt = this.now().getTime() + this.settings.bettingMs;
    this.broadcastClock(
      { type: 'betting', game_id: next.game.id, ends_at: new Date(endsAt).toISOString() },
      generation,
    );
    for (const live of round.bets.values()) {
      this.broadcast({ type: 'bet', game_id: next.game.id, bet: view(live) });
    }
    this.schedule(this.settings.bettingMs, () => this.startGame(generation), generation);
  }

  private async startGame(generation: number): Promise<void> {
    const round = this.round!;
    const { game } = round;
    round.phase = 'starting';
    await Promise.allSettled([...this.pendingStakes]);
    round.crashPoint = crashPointHundredths(game.hash, round.salt);
    round.bustMs = msToReach(round.crashPoint);
    if (!this.mayLead(generation)) return;
    const started = await startRound(this.deps.db, game.id, round.crashPoint, this.now());
    if (!started) {
      // Another process plays this game: look for the next one.
      this.schedule(0, () => this.openBetting(generation), generation);
      return;
    }
    round.startedAt = started.startedAt!.getTime();
    // Every bet of the game, whichever process took it: none can come after the start (service.ts).
    await this.loadBets(round);
    round.phase = 'running';
    this.broadcast({
      type: 'started',
      game_id: game.id,
      started_at: new Date(round.startedAt).toISOString(),
    });
    this.schedule(Math.min(this.settings.tickMs, round.bustMs), () => this.tick(generation), generation);
  }

  private async tick(generation: number): Promise<void> {
    const round = this.round!;
    const elapsed = this.now().getTime() - round.startedAt;
    const reached = Math.min(multiplierAtHundredths(elapsed), round.crashPoint);
    // Auto cash-outs whose target came before the bust, at exactly their target.
    const due = [...round.bets.values()].filter(
      (bet) =>
        bet.row.status === 'active' &&
        bet.row.autoCashout !== null &&
        bet.row.autoCashout <= reached &&
        bet.row.autoCashout < round.crashPoint,
    );
    await Promise.all(due.map((bet) => this.settle(round, bet, bet.row.autoCashout!)));
    if (!this.mayLead(generation)) return;
    if (elapsed >= round.bustMs) {
      await this.bust(round, elapsed, generation);
      return;
    }
    await this.capProfit(round, reached);
    this.broadcastClock(
      { type: 'tick', game_id: round.game.id, elapsed_ms: elapsed, multiplier: reached / 100 },
      generation,
    );
    const untilBust = round.bustMs - elapsed;
    this.schedule(
      Math.max(1, Math.min(this.settings.tickMs, untilBust)),
      () => this.tick(generation),
      generation,
    );
  }

  /** The bets' profit at `reached` may not pass the round's maximum: past it, every bet is cashed out. */
  private async capProfit(round: Round, reached: number): Promise<void> {
    const active = [...round.bets.values()].filter((bet) => bet.row.status === 'active');
    const byCurrency = new Map<string, bigint>();
    for (const bet of active) {
      const profit = (bet.row.amountMinor * BigInt(reached - 100)) / 100n;
      byCurrency.set(bet.row.currency, (byCurrency.get(bet.row.currency) ?? 0n) + profit);
    }
    for (const [currency, profit] of byCurrency) {
      const cap = BigInt(toMinorUnits(this.settings.maxProfit[currency as Currency] ?? 0));
      if (profit < cap) continue;
      await Promise.all(
        active.filter((bet) => bet.row.currency === currency).map((bet) => this.settle(round, bet, reached)),
      );
    }
  }

  private async settle(round: Round, live: LiveBet, hundredths: number): Promise<void> {
    const result = await settleCashout(this.deps.db, {
      gameId: round.game.id,
      userId: live.row.userId,
      hundredths,
      now: this.now(),
    });
    if (!result) return;
    live.row = result.bet;
    if (!result.settled) return;
    this.broadcast({ type: 'cashout', game_id: round.game.id, bet: view(live) });
    this.toFeed(result.bet);
  }

  private toFeed(row: repository.CrashBetRow): void {
    this.deps.feed?.record({
      game: 'crash',
      betId: row.id,
      userId: row.userId,
      currency: row.currency as Currency,
      amountMinor: row.amountMinor,
      payoutMinor: row.status === 'cashed_out' ? row.payoutMinor : 0n,
      at: row.settledAt ?? this.now(),
    });
  }

  private async bust(round: Round, elapsed: number, generation: number): Promise<void> {
    const lost = await bustRound(this.deps.db, round.game.id, this.now());
    for (const row of lost) {
      const live = round.bets.get(row.id);
      if (live) live.row = row;
      this.toFeed(row);
    }
    round.phase = 'busted';
    this.broadcast({
      type: 'busted',
      game_id: round.game.id,
      crash_point: round.crashPoint / 100,
      hash: round.game.hash,
      elapsed_ms: Math.max(elapsed, round.bustMs),
    });
    this.schedule(this.settings.pauseMs, () => this.openBetting(generation), generation);
  }

  /** An event that tells of what PostgreSQL holds now (a bet, a cash-out, a start, a bust). */
  private broadcast(message: CrashMessage): void {
    this.deps.bus.publish({ topic: CRASH_TOPIC, ...message });
  }

  /** An event of the clock alone (a window, a tick): only while this process still runs it. */
  private broadcastClock(message: CrashMessage, generation: number): void {
    if (this.mayLead(generation)) this.broadcast(message);
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
