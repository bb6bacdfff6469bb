/**
 * The studio's wallet calls that move money, with the promises a provider makes (issue 17):
 *
 * - a bet is saved as pending before it is sent, then sent up to {@link BET_ATTEMPTS} times with the same
 *   `transaction_uuid` (a new `request_uuid` each time) while it goes unanswered. Still unanswered, it
 *   becomes a rollback (`reference_transaction_uuid` = the bet's uuid), saved before the player hears
 *   that the spin was not played;
 * - a win or a rollback is saved as pending and sent until the wallet answers (RS_OK or a definitive
 *   RS_* code), with a growing back-off, across restarts;
 * - a bet the wallet accepted stays on disk until the caller saved what it played with it (`played`):
 *   at start, a bet still there (the studio died while it was in flight, or before its round was saved,
 *   so before the player saw its spin) becomes a rollback.
 *
 * Each entry is keyed by its transaction uuid, so a retry can never become a second movement.
 */
import { randomUUID } from 'node:crypto';
import type { AggregatorReply } from '@/lib/contracts/aggregator';
import type { Store } from './store';
import { WalletUnanswered, type WalletCall, type WalletPath } from './wallet';

export const BET_ATTEMPTS = 3;
const BACKOFF_FIRST_MS = 250;
const BACKOFF_MAX_MS = 30_000;
const TICK_MS = 100;

export interface PendingCall {
  kind: 'bet' | 'win' | 'rollback';
  /** The body without its request_uuid. */
  body: Record<string, unknown> & { transaction_uuid: string };
  attempts: number;
  /** When the worker may send it next (epoch ms). */
  nextAt: number;
}

const PATHS: Record<PendingCall['kind'], WalletPath> = {
  bet: 'transaction/bet',
  win: 'transaction/win',
  rollback: 'transaction/rollback',
};

export type BetResult = { answered: true; reply: AggregatorReply } | { answered: false };

export interface Outbox {
  /** Sends a bet (see the header): its answer, or `answered: false` once it is being rolled back. */
  bet(body: PendingCall['body']): Promise<BetResult>;
  /** The accepted bet's round is played: its entry goes with the caller's next save. */
  played(transactionUuid: string): void;
  /** Sends a win once now; unanswered, it stays queued and is retried. Its answer or null. */
  win(body: PendingCall['body']): Promise<AggregatorReply | null>;
  /** How many calls wait for an answer. */
  pending(): number;
  /** Resolves once nothing waits for an answer (tests, shutdown). */
  drained(): Promise<void>;
  close(): void;
}

const backoff = (attempts: number) => Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** attempts);

export function createOutbox(store: Store, call: WalletCall, log: (message: string) => void): Outbox {
  const queue = store.state.outbox;
  const sending = new Set<string>();

  const rollbackOf = (bet: PendingCall['body']): PendingCall => ({
    kind: 'rollback',
    body: {
      user: bet.user,
      token: bet.token,
      transaction_uuid: randomUUID(),
      round: bet.round,
      round_closed: true,
      reference_transaction_uuid: bet.transaction_uuid,
      game_code: bet.game_code,
    },
    attempts: 0,
    nextAt: Date.now(),
  });

  /** A bet the studio gave up on: its rollback replaces it, on disk, in one write. */
  const giveUp = (entry: PendingCall) => {
    delete queue[entry.body.transaction_uuid];
    const rollback = rollbackOf(entry.body);
    queue[rollback.body.transaction_uuid] = rollback;
    store.save();
    log(`bet ${entry.body.transaction_uuid} unanswered: rolling it back`);
  };

  for (const entry of Object.values(queue)) if (entry.kind === 'bet') giveUp(entry);

  /** One attempt: the answer, or null. An answered entry is removed, but an accepted bet's. */
  const attempt = async (entry: PendingCall): Promise<AggregatorReply | null> => {
    const key = entry.body.transaction_uuid;
    sending.add(key);
    try {
      const reply = await call(PATHS[entry.kind], entry.body);
      if (entry.kind !== 'bet' || reply.status !== 'RS_OK') {
        delete queue[key];
        store.save();
      }
      return reply;
    } catch (error) {
      if (!(error instanceof WalletUnanswered)) throw error;
      entry.attempts += 1;
      entry.nextAt = Date.now() + backoff(entry.attempts);
      return null;
    } finally {
      sending.delete(key);
    }
  };

  const waiting: (() => void)[] = [];
  const settle = () => {
    if (Object.keys(queue).length > 0) return;
    waiting.splice(0).forEach((resolve) => resolve());
  };

  const timer = setInterval(() => {
    const now = Date.now();
    for (const entry of Object.values(queue)) {
      if (entry.kind === 'bet' || sending.has(entry.body.transaction_uuid) || entry.nextAt > now) continue;
      void attempt(entry).then(
        (reply) => {
          if (reply) log(`${entry.kind} ${entry.body.transaction_uuid}: ${reply.status}`);
          settle();
        },
        (error: unknown) => log(`${entry.kind} ${entry.body.transaction_uuid}: ${String(error)}`),
      );
    }
  }, TICK_MS);
  timer.unref();

  return {
    async bet(body) {
      const entry: PendingCall = { kind: 'bet', body, attempts: 0, nextAt: Date.now() };
      queue[body.transaction_uuid] = entry;
      store.save();
      for (let i = 0; i < BET_ATTEMPTS; i += 1) {
        const reply = await attempt(entry);
        if (reply) {
          settle();
          return { answered: true, reply };
        }
      }
      giveUp(entry);
      return { answered: false };
    },
    played(transactionUuid) {
      delete queue[transactionUuid];
      settle();
    },
    async win(body) {
      const entry: PendingCall = { kind: 'win', body, attempts: 0, nextAt: Date.now() };
      queue[body.transaction_uuid] = entry;
      store.save();
      const reply = await attempt(entry);
      if (reply) settle();
      return reply;
    },
    pending: () => Object.keys(queue).length,
    drained: () =>
      Object.keys(queue).length === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve)),
    close: () => clearInterval(timer),
  };
}
