import { desc, eq, gte, inArray, ne, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Currency } from '@/lib/constants/currencies';
import { BIG_WIN_MULTIPLIER, FEED_TOPIC, type FeedItem } from '@/lib/contracts/feed';
import type { Executor } from '../../db/client';
import type { RealtimeBus, RealtimeMessage } from '../../realtime/bus';
import { minorToMajor } from '../ledger/service';
import { crashBets } from '../crash/schema';
import { gameBets } from '../games/schema';
import { users } from '../users/schema';

/** A settled bet as the games tell it (`BetFeed.record`). */
export interface SettledBet {
  game: string;
  betId: number;
  userId: number;
  currency: Currency;
  amountMinor: bigint;
  payoutMinor: bigint;
  at: Date;
}

export interface FeedSettings {
  /** How often the bets recorded since are published (one message). */
  flushMs: number;
  /** The most bets one message carries (big wins first, then the newest). */
  perFlush: number;
  /** How many bets and big wins a snapshot carries. */
  keep: number;
  /** How long a player's shown name (or that they are hidden) is remembered. */
  nameTtlMs: number;
}

export const DEFAULT_FEED_SETTINGS: FeedSettings = {
  flushMs: 500,
  perFlush: 10,
  keep: 30,
  nameTtlMs: 10_000,
};

/** Bets waiting for a flush past this are dropped (the oldest first): the feed is a sample, not a ledger. */
const MAX_QUEUE = 1_000;

/**
 * The live bets feed: games record their settled bets here (cheap: a push), and every `flushMs` the
 * newest few and every big win among them are published on the `feed` topic with their players' shown
 * names, one database read for all the names (cached `nameTtlMs`). Every process keeps the last `keep`
 * bets and big wins from the bus's events (so every process's snapshot is the same), first filled from
 * the database when it starts.
 */
export class BetFeed {
  private queue: SettledBet[] = [];
  private bets: FeedItem[] = [];
  private bigWins: FeedItem[] = [];
  private readonly names = new Map<number, { name: string | null; until: number }>();
  private timer: NodeJS.Timeout | null = null;
  private unsubscribe: (() => void) | null = null;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly deps: { db: Executor; bus: RealtimeBus; log: FastifyBaseLogger; now?: () => number },
    private readonly settings: FeedSettings = DEFAULT_FEED_SETTINGS,
  ) {}

  async start(): Promise<void> {
    this.unsubscribe = this.deps.bus.subscribe(FEED_TOPIC, (message) => this.remember(message));
    try {
      await this.load();
    } catch (error) {
      this.deps.log.warn({ err: error }, 'feed: the last bets could not be read; the feed starts empty');
    }
    this.timer = setInterval(() => {
      this.flushing = this.flushing.then(() => this.flush());
    }, this.settings.flushMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.unsubscribe?.();
    await this.flushing;
  }

  /** A settled bet for the feed; never throws, never waits. */
  record(bet: SettledBet): void {
    this.queue.push(bet);
    if (this.queue.length > MAX_QUEUE) this.queue.splice(0, this.queue.length - MAX_QUEUE);
  }

  snapshot(): RealtimeMessage {
    return { topic: FEED_TOPIC, type: 'snapshot', bets: this.bets, big_wins: this.bigWins };
  }

  /** Publishes what was recorded since the last flush (exposed for tests). */
  async flush(): Promise<void> {
    if (this.queue.length === 0) return;
    const taken = this.queue;
    this.queue = [];
    const big = taken.filter(isBigWin);
    const rest = taken.filter((bet) => !isBigWin(bet));
    const chosen = [
      ...big.slice(-this.settings.perFlush),
      ...rest.slice(-Math.max(0, this.settings.perFlush - big.length)),
    ].sort((a, b) => a.at.getTime() - b.at.getTime());
    try {
      const names = await this.namesOf(chosen.map((bet) => bet.userId));
      const items = chosen.map((bet) => toItem(bet, names.get(bet.userId) ?? null));
      this.deps.bus.publish({ topic: FEED_TOPIC, type: 'bets', items });
    } catch (error) {
      this.deps.log.warn({ err: error }, 'feed: bets not published');
    }
  }

  private remember(message: RealtimeMessage): void {
    if (message.type !== 'bets') return;
    const items = [...(message.items as FeedItem[])].reverse();
    this.bets = [...items, ...this.bets].slice(0, this.settings.keep);
    const big = items.filter((item) => item.multiplier >= BIG_WIN_MULTIPLIER);
    if (big.length > 0) this.bigWins = [...big, ...this.bigWins].slice(0, this.settings.keep);
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private async namesOf(userIds: number[]): Promise<Map<number, string | null>> {
    const now = this.now();
    const missing = [...new Set(userIds)].filter((id) => (this.names.get(id)?.until ?? 0) <= now);
    if (missing.length > 0) {
      const rows = await this.deps.db
        .select({ id: users.id, name: users.name, hidden: users.isStatisticsHidden })
        .from(users)
        .where(inArray(users.id, missing));
      for (const row of rows) {
        const name = row.hidden ? null : (row.name ?? `Player ${row.id}`);
        this.names.set(row.id, { name, until: now + this.settings.nameTtlMs });
      }
      if (this.names.size > 10_000) {
        for (const [id, entry] of this.names) if (entry.until <= now) this.names.delete(id);
      }
    }
    return new Map(userIds.map((id) => [id, this.names.get(id)?.name ?? null]));
  }

  /** The last bets and big wins of the in-house games and crash, newest first. */
  private async load(): Promise<void> {
    const keep = this.settings.keep;
    const games = (where: SQL | undefined) =>
      this.deps.db
        .select({
          id: gameBets.id,
          game: gameBets.game,
          userId: gameBets.userId,
          currency: gameBets.currency,
          amountMinor: gameBets.amountMinor,
          payoutMinor: gameBets.payoutMinor,
          at: gameBets.settledAt,
        })
        .from(gameBets)
        .where(where)
        .orderBy(desc(gameBets.id))
        .limit(keep);
    const crash = (where: SQL | undefined) =>
      this.deps.db
        .select({
          id: crashBets.id,
          userId: crashBets.userId,
          currency: crashBets.currency,
          amountMinor: crashBets.amountMinor,
          payoutMinor: crashBets.payoutMinor,
          at: crashBets.settledAt,
        })
        .from(crashBets)
        .where(where)
        .orderBy(desc(crashBets.id))
        .limit(keep);
    const bigGame = gameBets.multiplierScaled;
    const [recentGames, bigGames, recentCrash, bigCrash] = await Promise.all([
      games(ne(gameBets.status, 'open')),
      games(gte(bigGame, BigInt(BIG_WIN_MULTIPLIER * 10_000))),
      crash(or(eq(crashBets.status, 'cashed_out'), eq(crashBets.status, 'lost'))),
      crash(gte(crashBets.cashedOutAt, BIG_WIN_MULTIPLIER * 100)),
    ]);
    type Row = { id: number; userId: number; currency: string; amountMinor: bigint; payoutMinor: bigint };
    const settled = (rows: Array<Row & { at: Date | null; game?: string }>, game?: string) =>
      rows
        .filter((row) => row.at !== null)
        .map((row) => ({
          game: row.game ?? game!,
          betId: row.id,
          userId: row.userId,
          currency: row.currency as Currency,
          amountMinor: row.amountMinor,
          payoutMinor: row.payoutMinor,
          at: row.at!,
        }));
    const newest = (list: SettledBet[]) =>
      list.sort((a, b) => b.at.getTime() - a.at.getTime()).slice(0, keep);
    const bets = newest([...settled(recentGames), ...settled(recentCrash, 'crash')]);
    const big = newest([...settled(bigGames), ...settled(bigCrash, 'crash')]);
    const names = await this.namesOf([...bets, ...big].map((bet) => bet.userId));
    this.bets = bets.map((bet) => toItem(bet, names.get(bet.userId) ?? null));
    this.bigWins = big.map((bet) => toItem(bet, names.get(bet.userId) ?? null));
  }
}

function isBigWin(bet: SettledBet): boolean {
  return bet.payoutMinor >= bet.amountMinor * BigInt(BIG_WIN_MULTIPLIER);
}

function toItem(bet: SettledBet, player: string | null): FeedItem {
  return {
    id: `${bet.game}:${bet.betId}`,
    game: bet.game,
    player,
    currency: bet.currency,
    amount: minorToMajor(bet.amountMinor),
    payout: minorToMajor(bet.payoutMinor),
    multiplier: Number((bet.payoutMinor * 100n) / bet.amountMinor) / 100,
    at: bet.at.toISOString(),
  };
}
