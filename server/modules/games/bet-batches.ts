/**
 * Bets sent to PostgreSQL together (issue 14). Each call of `game_place_instant_bet` in its own statement
 * pays the statement's and the transaction's fixed cost (the protocol, the snapshot, the commit) and one
 * database process's turn on the CPU (measured on one connection: 0.70 ms of PostgreSQL CPU per bet
 * alone, 0.48 ms per bet in statements of ten; under load, fewer busy database processes too). Here a
 * process keeps at most IN_FLIGHT (2) bet statements running; bets arriving while they run wait and leave
 * together, up to BATCH_MAX (32) in one statement that calls the function once per bet, in one transaction.
 * A bet arriving at a quiet moment leaves at once, alone, as before: batching only happens under load
 * and adds no wait of its own.
 *
 * What a batch keeps of a single bet's guarantees:
 * - each bet is the same function call, with the same checks and the same writes, in order;
 * - any error of a batch (a bet of it refused: no money, a pair moved on, a used key, a deadlock) rolls
 *   the whole batch back, and each of its bets is then sent again on its own, so that each gets its own
 *   answer exactly as if it had never been batched (the error of a batch is never answered to a bet);
 *   an unavailable database fails every bet of the batch, as it would each;
 * - lock order: a batch holds the locks of its earlier bets while it takes those of its later ones, and
 *   every batch takes them in one order (bets sorted by house shard, then player), so two batches of
 *   different players never wait for each other in a cycle. One player in two batches at once could make
 *   one: that only happens when a player's bet waited past its turn (bet-statement.ts, TURN_WAIT_MS) or
 *   across processes; PostgreSQL's deadlock detection then ends the cycle (40P01) and the bets go again
 *   alone.
 */
import type pg from 'pg';

/** The parameters of one call of `game_place_instant_bet`, in its order (see bet-statement.ts). */
export type BetCall = readonly unknown[];

export interface BetRow {
  bet_id: number;
  balance_after: string;
}

/** Bet statements one process keeps running at once. */
export const IN_FLIGHT = 2;
/** The most bets in one statement. */
export const BATCH_MAX = 32;

/** The index of the house shard among the call's parameters (p_house_shard) and of the player (p_user). */
const SHARD = 15;
const USER = 0;

/** The SQL types of the function's parameters, in order. */
const TYPES = [
  'int',
  'uuid',
  'int',
  'int',
  'text',
  'text',
  'text',
  'bigint',
  'bigint',
  'bigint',
  'jsonb',
  'jsonb',
  'text',
  'text',
  'bigint',
  'int',
  'timestamptz',
  'int',
  'text',
  'bigint',
  'bigint',
  'int',
] as const;

/** One bet: `SELECT … FROM game_place_instant_bet($1::int, …)`, a named statement (planned once). */
export const SINGLE_TEXT = `SELECT bet_id, balance_after FROM game_place_instant_bet(${TYPES.map(
  (type, i) => `$${i + 1}::${type}`,
).join(', ')})`;

/**
 * Several bets: one array per parameter, the function called for each element in order (a lateral call
 * per row of the arrays, in their order), the rows answered with their position.
 */
export const BATCH_TEXT = `SELECT b.i::int AS i, r.bet_id, r.balance_after
  FROM unnest(${TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})
       WITH ORDINALITY AS b(${TYPES.map((_, i) => `p${i}`).join(', ')}, i)
 CROSS JOIN LATERAL game_place_instant_bet(${TYPES.map((_, i) => `b.p${i}`).join(', ')}) AS r
 ORDER BY b.i`;

/** Errors after which each bet of a batch is sent again alone: the answer of one bet, not of the batch. */
function answersOneBet(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  if (typeof code !== 'string') return false;
  return code.startsWith('CB') || code === '23505' || code === '40P01' || code === '40001';
}

interface Waiting {
  call: BetCall;
  resolve(row: BetRow): void;
  reject(error: unknown): void;
}

/** The bet executor of one pool: `place(call)` answers the function's row or its error. */
export function betBatches(pool: pg.Pool) {
  const queue: Waiting[] = [];
  let running = 0;
  /** Figures for the tests and the benchmark: statements sent, bets in them, batches sent again alone. */
  const stats = { statements: 0, bets: 0, batches: 0, retriedAlone: 0 };

  async function single(call: BetCall): Promise<BetRow> {
    stats.statements += 1;
    stats.bets += 1;
    const result = await pool.query<BetRow>({
      name: 'game_place_instant_bet',
      text: SINGLE_TEXT,
      values: call as unknown[],
    });
    return result.rows[0];
  }

  async function batch(bets: Waiting[]): Promise<void> {
    bets.sort(
      (a, b) => Number(a.call[SHARD]) - Number(b.call[SHARD]) || Number(a.call[USER]) - Number(b.call[USER]),
    );
    const columns = TYPES.map((_, p) => bets.map((bet) => bet.call[p]));
    stats.statements += 1;
    stats.bets += bets.length;
    stats.batches += 1;
    let rows: (BetRow & { i: number })[];
    try {
      rows = (
        await pool.query<BetRow & { i: number }>({
          name: 'game_place_instant_bets',
          text: BATCH_TEXT,
          values: columns,
        })
      ).rows;
    } catch (error) {
      if (!answersOneBet(error)) {
        for (const bet of bets) bet.reject(error);
        return;
      }
      stats.retriedAlone += 1;
      await Promise.all(
        bets.map((bet) =>
          single(bet.call).then(
            (row) => bet.resolve(row),
            (own: unknown) => bet.reject(own),
          ),
        ),
      );
      return;
    }
    if (rows.length !== bets.length) {
      const error = new Error(`a batch of ${bets.length} bets answered ${rows.length} rows`);
      for (const bet of bets) bet.reject(error);
      return;
    }
    for (const row of rows) bets[row.i - 1].resolve({ bet_id: row.bet_id, balance_after: row.balance_after });
  }

  function next(): void {
    while (running < IN_FLIGHT && queue.length > 0) {
      const bets = queue.splice(0, BATCH_MAX);
      running += 1;
      const sent =
        bets.length === 1
          ? single(bets[0].call).then(bets[0].resolve, bets[0].reject)
          : batch(bets).catch((error: unknown) => {
              for (const bet of bets) bet.reject(error);
            });
      void sent.finally(() => {
        running -= 1;
        next();
      });
    }
  }

  return {
    stats,
    place(call: BetCall): Promise<BetRow> {
      return new Promise<BetRow>((resolve, reject) => {
        queue.push({ call, resolve, reject });
        next();
      });
    },
  };
}
