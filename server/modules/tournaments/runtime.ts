/**
 * Tournaments in one API process: the finishing job (every `finishIntervalMs`, any process; see
 * service.ts `finishDue`) and the leaderboard pushes on `tournament:<id>` (at most one per tournament per
 * LEADERBOARD_PUSH_MS, from the process whose activity processor counted the points).
 */
import type { FastifyBaseLogger } from 'fastify';
import { LEADERBOARD_PUSH_MS, tournamentTopic } from '@/lib/constants/tournaments';
import type { Database } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RealtimeBus, RealtimeMessage } from '../../realtime/bus';
import { findTournament, finishDue, leaderboard, participants, stateOf, type FinishHooks } from './service';

export interface TournamentSettings {
  finishIntervalMs: number;
  /** How long after its end a tournament waits for bets under way before it is paid. */
  graceMs: number;
  /** Whether the finishing job runs by itself (tests drive it). */
  auto: boolean;
}

export const DEFAULT_TOURNAMENT_SETTINGS: TournamentSettings = {
  finishIntervalMs: 2_000,
  graceMs: 3_000,
  auto: true,
};

export class TournamentsRuntime {
  private timer: NodeJS.Timeout | null = null;
  private finishing: Promise<unknown> = Promise.resolve();
  private readonly lastPush = new Map<number, number>();
  private readonly queued = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly deps: { db: Database; clock: Clock; log: FastifyBaseLogger; bus: RealtimeBus },
    readonly settings: TournamentSettings = DEFAULT_TOURNAMENT_SETTINGS,
  ) {}

  start(): void {
    if (!this.settings.auto || this.timer) return;
    this.timer = setInterval(() => void this.finish(), this.settings.finishIntervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const timeout of this.queued.values()) clearTimeout(timeout);
    this.queued.clear();
    await this.finishing.catch(() => undefined);
  }

  /** One pass of the finishing job; publishes the final leaderboards. */
  finish(hooks: FinishHooks = {}): Promise<number[]> {
    const run = this.finishing.then(async () => {
      try {
        const ids = await finishDue(this.deps.db, this.deps.clock(), this.settings.graceMs, hooks);
        for (const id of ids) await this.push(id);
        return ids;
      } catch (error) {
        this.deps.log.error({ err: error }, 'tournaments: finishing failed; it is tried again');
        throw error;
      }
    });
    this.finishing = run.catch(() => undefined);
    return run;
  }

  /** The leaderboards of these tournaments changed: pushed now, or once the last push is old enough. */
  changed(ids: readonly number[]): void {
    const now = Date.now();
    for (const id of ids) {
      if (this.queued.has(id)) continue;
      const wait = (this.lastPush.get(id) ?? 0) + LEADERBOARD_PUSH_MS - now;
      if (wait <= 0) {
        void this.push(id);
        continue;
      }
      const timeout = setTimeout(() => {
        this.queued.delete(id);
        void this.push(id);
      }, wait);
      timeout.unref();
      this.queued.set(id, timeout);
    }
  }

  async snapshot(topic: string): Promise<RealtimeMessage | null> {
    const id = Number(topic.split(':')[1]);
    if (!Number.isSafeInteger(id) || id <= 0) return null;
    return this.message(id, 'snapshot');
  }

  private async message(id: number, type: 'snapshot' | 'leaderboard'): Promise<RealtimeMessage | null> {
    // One snapshot of the database, as the page's own read (routes.ts).
    return this.deps.db.transaction(
      async (tx) => {
        const row = await findTournament(tx, id);
        if (!row) return null;
        return {
          topic: tournamentTopic(id),
          type,
          leaderboard: await leaderboard(tx, row),
          participants: await participants(tx, id),
          state: stateOf(row, this.deps.clock()),
        };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
  }

  private async push(id: number): Promise<void> {
    this.lastPush.set(id, Date.now());
    try {
      const message = await this.message(id, 'leaderboard');
      if (message) this.deps.bus.publish(message);
    } catch (error) {
      this.deps.log.warn({ err: error, tournament: id }, 'tournaments: leaderboard not pushed');
    }
  }
}
