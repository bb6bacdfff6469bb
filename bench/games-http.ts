/**
 * `npm run bench:games-http [-- SECONDS] [PLAYERS]`: starts the API server on an embedded PostgreSQL
 * (fresh temp dir, free port, like the server tests; the API runs in a process of its own, as in
 * production, and the players' requests go over keep-alive connections), signs up PLAYERS
 * players (default 50) through the API, credits each through the ledger, then:
 *
 *   1. measures the bet-shaped limit on that same PostgreSQL: PLAYERS clients, each running for SECONDS
 *      (default 20) one transaction after another shaped like a bet (BEGIN; UPDATE of the player's
 *      balance with a non-negative check; INSERT of two ledger-like entries; COMMIT: 4 round trips) on
 *      throw-away tables (created for it and dropped after; the product's ledger is not touched);
 *   2. has the players bet concurrently over HTTP (dice, coinflip, keno, roulette and cases in turn, each
 *      player one request at a time) for SECONDS, prints bets per second and the p50/p99 latency beside
 *      the limit, with the issue's targets (≥ 0.5 × the limit's tx/s, p99 ≤ 30 ms) met or not.
 *
 * `npm run bench:games-soak [-- SECONDS BETS_PER_S [PLAYERS]]` (default 600 s at 200 bets/s), or
 * `npm run bench:games-http -- --soak SECONDS --rate BETS_PER_S [PLAYERS]`: a soak instead: bets sent on
 * a fixed open-loop schedule (RATE per second, whatever the answers take, spread over the players) for
 * SECONDS; prints the memory of the API's process (RSS, heap) at
 * the start, every minute and at the end, the latency measured from each bet's scheduled time, and the
 * error count.
 *
 * Both end with the ledger invariants check.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { percentile, startBenchApi, type BenchApi } from './lib/api-stack';
import { benchKey, signUpPlayers } from './lib/players';
import { ledgerInvariantViolations } from '../server/modules/ledger/invariants';

/** `--name VALUE` flags out of argv; the remaining arguments keep their positions. */
function parseArgs(argv: string[]): { flags: Map<string, string>; positional: string[] } {
  const flags = new Map<string, string>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    if (argv[i].startsWith('--')) {
      flags.set(argv[i].slice(2), argv[i + 1]);
      i += 1;
    } else positional.push(argv[i]);
  }
  return { flags, positional };
}

const parsed = parseArgs(process.argv.slice(2));
const { flags } = parsed;
// `soak [SECONDS] [RATE] [PLAYERS]` (npm run bench:games-soak) is `--soak SECONDS --rate RATE [PLAYERS]`.
const soakWord = parsed.positional[0] === 'soak';
if (soakWord) {
  const [, seconds = '600', rate = '200', ...rest] = parsed.positional;
  flags.set('soak', seconds);
  flags.set('rate', rate);
  parsed.positional = rest;
}
const { positional } = parsed;
const SOAK = flags.has('soak') ? Number(flags.get('soak')) : null;
const RATE = Number(flags.get('rate') ?? 200);
const SECONDS = Number(positional[0] ?? process.env.SECONDS ?? 20);
const PLAYERS = Number((SOAK === null ? positional[1] : positional[0]) ?? process.env.PLAYERS ?? 50);
for (const [name, value] of [
  ['SECONDS', SOAK ?? SECONDS],
  ['PLAYERS', PLAYERS],
  ['rate', RATE],
] as const) {
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
}

/** The issue's targets for the HTTP bets (issue 14). */
const TARGET_RATIO = 0.5;
const TARGET_P99_MS = 30;

const key = benchKey;
const BODIES: [string, () => object][] = [
  ['/dice/bet', () => ({ amount: 1, target: 50, direction: 'over', idempotency_key: key() })],
  ['/coinflip/bet', () => ({ amount: 1, side: 'heads', idempotency_key: key() })],
  ['/keno/bet', () => ({ amount: 1, picks: [3, 7, 11, 19, 23], risk: 'medium', idempotency_key: key() })],
  [
    '/roulette/bet',
    () => ({
      chips: [
        { type: 'red', amount: 1 },
        { type: 'straight', value: 17, amount: 1 },
      ],
      idempotency_key: key(),
    }),
  ],
  ['/cases/starter/open', () => ({ idempotency_key: key() })],
];

const ms = (value: number) => `${value.toFixed(1)} ms`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

interface LimitResult {
  transactions: number;
  elapsed: number;
  p50: number;
  p99: number;
  failures: number;
  /** CPU time PostgreSQL used during the run (ms). */
  postgresCpuMs?: number;
}

/**
 * The bet-shaped limit: `clients` connections of their own, each running the bet-shaped transaction one
 * after another for `seconds`, on scratch tables (a player account per client, a house account, an
 * entries table with the ledger's kind of columns and index), dropped at the end.
 */
async function betShapedLimit(url: string, clients: number, seconds: number): Promise<LimitResult> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const suffix = randomBytes(4).toString('hex');
  const accounts = `bench_limit_accounts_${suffix}`;
  const entries = `bench_limit_entries_${suffix}`;
  const connections: pg.Client[] = [];
  try {
    await admin.query(
      `CREATE TABLE ${accounts} (id bigint PRIMARY KEY, balance_minor bigint NOT NULL CHECK (balance_minor >= 0))`,
    );
    await admin.query(
      `CREATE TABLE ${entries} (id bigserial PRIMARY KEY,
         account_id bigint NOT NULL REFERENCES ${accounts} (id), amount_minor bigint NOT NULL,
         balance_after bigint, created_at timestamptz NOT NULL DEFAULT now())`,
    );
    await admin.query(`CREATE INDEX ON ${entries} (account_id, id)`);
    // Account 0 is the house (credited by the second entry, its balance not updated: no hot row).
    await admin.query(
      `INSERT INTO ${accounts} (id, balance_minor) SELECT g, 100000000000 FROM generate_series(0, $1::int) g`,
      [clients],
    );
    for (let i = 0; i < clients; i += 1) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      connections.push(client);
    }
    const update = {
      name: 'bench-limit-update',
      text: `UPDATE ${accounts} SET balance_minor = balance_minor - $2
             WHERE id = $1 AND balance_minor >= $2 RETURNING balance_minor`,
    };
    const insert = {
      name: 'bench-limit-insert',
      text: `INSERT INTO ${entries} (account_id, amount_minor, balance_after) VALUES ($1, -$2::bigint, $3), (0, $2, NULL)`,
    };
    const latencies: number[] = [];
    let failures = 0;
    const started = performance.now();
    const deadline = started + seconds * 1000;
    await Promise.all(
      connections.map(async (client, i) => {
        const account = i + 1;
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            await client.query('BEGIN');
            const debited = await client.query({ ...update, values: [account, 100] });
            if (debited.rowCount !== 1) throw new Error('balance check failed');
            await client.query({ ...insert, values: [account, 100, debited.rows[0].balance_minor] });
            await client.query('COMMIT');
            latencies.push(performance.now() - t0);
          } catch {
            failures += 1;
            await client.query('ROLLBACK').catch(() => undefined);
          }
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    return {
      transactions: latencies.length,
      elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      failures,
    };
  } finally {
    await Promise.all(connections.map((client) => client.end().catch(() => undefined)));
    await admin.query(`DROP TABLE IF EXISTS ${entries}, ${accounts}`).catch(() => undefined);
    await admin.end();
  }
}

/** Keep-alive connections of the players (node:http: far lighter per request than fetch). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function placeBet(base: string, token: string, n: number): Promise<{ url: string; status: number }> {
  const [url, body] = BODIES[n % BODIES.length];
  const payload = JSON.stringify(body());
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${base}${url}`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve({ url, status: response.statusCode ?? 0 }));
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** The memory of the API's process. */
async function memoryLine(label: string): Promise<string> {
  const { rss, heapUsed, heapTotal, external } = await api.memory();
  return `${label.padEnd(14)} RSS ${mb(rss)}, heap ${mb(heapUsed)} used of ${mb(heapTotal)}, external ${mb(external)}`;
}

/** Closed loop: each player one bet at a time for SECONDS; then the comparison with the limit. */
async function closedLoop(
  base: string,
  players: string[],
  limit: LimitResult,
  cpuBefore: { apiMs: number; postgresMs: number },
): Promise<void> {
  const latencies: number[] = [];
  const failures = new Map<string, number>();
  const perGame = new Map<string, number>();
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  const generatorBefore = process.cpuUsage();
  await Promise.all(
    players.map(async (token, p) => {
      for (let n = p; performance.now() < deadline; n += 1) {
        const t0 = performance.now();
        let outcome: string;
        try {
          const { url, status } = await placeBet(base, token, n);
          outcome = status === 200 ? url : `HTTP ${status}`;
        } catch (error) {
          outcome = `${(error as Error).name}`;
        }
        latencies.push(performance.now() - t0);
        if (outcome.startsWith('/')) perGame.set(outcome, (perGame.get(outcome) ?? 0) + 1);
        else failures.set(outcome, (failures.get(outcome) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const generator = process.cpuUsage(generatorBefore);
  const cpuAfter = await api.cpu();
  const sorted = [...latencies].sort((a, b) => a - b);
  const ok = [...perGame.values()].reduce((a, b) => a + b, 0);
  const betsPerS = ok / elapsed;
  const p99 = percentile(sorted, 99);
  console.log('');
  console.log(`Bets placed:   ${ok} in ${elapsed.toFixed(1)} s (${PLAYERS} concurrent players)`);
  console.log(`Throughput:    ${betsPerS.toFixed(1)} bets/s`);
  console.log(
    `Latency:       p50 ${ms(percentile(sorted, 50))}, p99 ${ms(p99)}, max ${ms(sorted.at(-1) ?? 0)}`,
  );
  console.log(`Per call:      ${[...perGame].map(([url, n]) => `${url} ${n}`).join(', ')}`);
  console.log(
    `Failures:      ${failures.size === 0 ? 'none' : [...failures].map(([s, n]) => `${n}× ${s}`).join(', ')}`,
  );

  const limitTxPerS = limit.transactions / limit.elapsed;
  const ratio = betsPerS / limitTxPerS;
  const verdict = (met: boolean) => (met ? 'met' : 'NOT met');
  const rows: [string, string, string, string][] = [
    ['figure', 'HTTP bets', 'bet-shaped limit', 'target (issue 14)'],
    [
      'throughput',
      `${betsPerS.toFixed(1)} bets/s`,
      `${limitTxPerS.toFixed(1)} tx/s`,
      `≥ ${TARGET_RATIO} × limit = ${(TARGET_RATIO * limitTxPerS).toFixed(1)}/s: ${verdict(ratio >= TARGET_RATIO)} (ratio ${ratio.toFixed(3)})`,
    ],
    ['p50', ms(percentile(sorted, 50)), ms(limit.p50), ''],
    ['p99', ms(p99), ms(limit.p99), `≤ ${TARGET_P99_MS} ms: ${verdict(p99 <= TARGET_P99_MS)}`],
  ];
  // Where the 2 × SECONDS of CPU went: PostgreSQL's and the API's CPU time per bet, beside PostgreSQL's per
  // transaction of the limit (what one bet costs the database, next to what the limit's transaction does).
  if (limit.postgresCpuMs !== undefined && cpuAfter.postgresMs > 0) {
    const perBet = (total: number) => `${(total / Math.max(ok, 1)).toFixed(3)} ms`;
    rows.push([
      'CPU per bet',
      `PostgreSQL ${perBet(cpuAfter.postgresMs - cpuBefore.postgresMs)}, API ${perBet(cpuAfter.apiMs - cpuBefore.apiMs)}`,
      `PostgreSQL ${(limit.postgresCpuMs / Math.max(limit.transactions, 1)).toFixed(3)} ms`,
      '',
    ]);
    // The players' HTTP client runs in this process, on the same two cores: what it takes is not the API's.
    rows.push([
      'load generator',
      `${perBet((generator.user + generator.system) / 1000)} CPU per bet (this process)`,
      '',
      '',
    ]);
  }
  const widths = [0, 1, 2].map((c) => Math.max(...rows.map((row) => row[c].length)));
  console.log('');
  console.log(`HTTP bets beside the bet-shaped limit (${PLAYERS} clients each, ${SECONDS} s each)`);
  for (const row of rows) {
    console.log(`  ${row.map((cell, c) => (c < 3 ? cell.padEnd(widths[c]) : cell)).join('  ')}`.trimEnd());
  }
}

/** The soak's first seconds, reported apart: a cold API process, its first bets per player. */
const WARM_UP_S = 5;

/** Open loop: RATE bets per second on a fixed schedule for SOAK seconds, whatever the answers take. */
async function soak(base: string, players: string[], seconds: number): Promise<void> {
  console.log(await memoryLine('Memory start:'));
  const latencies: number[] = [];
  /** The latencies of the bets scheduled after the warm-up. */
  const steady: number[] = [];
  const failures = new Map<string, number>();
  let ok = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const pending = new Set<Promise<void>>();
  const total = Math.floor(seconds * RATE);
  const started = performance.now();
  let nextMinute = 60;
  for (let n = 0; n < total; n += 1) {
    const scheduled = started + (n * 1000) / RATE;
    const wait = scheduled - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    if ((performance.now() - started) / 1000 >= nextMinute) {
      console.log(
        (await memoryLine(`Memory ${nextMinute / 60} min:`)) + `, ${ok} bets, ${inFlight} in flight`,
      );
      nextMinute += 60;
    }
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    const bet = placeBet(base, players[n % players.length], n).then(
      ({ status }) => {
        if (status === 200) ok += 1;
        else failures.set(`HTTP ${status}`, (failures.get(`HTTP ${status}`) ?? 0) + 1);
      },
      (error: Error) => {
        failures.set(error.name, (failures.get(error.name) ?? 0) + 1);
      },
    );
    const tracked: Promise<void> = bet.finally(() => {
      const latency = performance.now() - scheduled;
      latencies.push(latency);
      if (scheduled - started >= WARM_UP_S * 1000) steady.push(latency);
      inFlight -= 1;
      pending.delete(tracked);
    });
    pending.add(tracked);
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  const sorted = latencies.sort((a, b) => a - b);
  const sortedSteady = steady.sort((a, b) => a - b);
  const errors = [...failures.values()].reduce((a, b) => a + b, 0);
  console.log(await memoryLine('Memory end:'));
  console.log('');
  console.log(
    `Soak:          ${total} bets scheduled at ${RATE}/s over ${seconds} s (${players.length} players), done in ${elapsed.toFixed(1)} s`,
  );
  console.log(`Bets placed:   ${ok} (${(ok / elapsed).toFixed(1)} bets/s), at most ${maxInFlight} in flight`);
  console.log(
    `Latency:       p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)} (from the scheduled time)`,
  );
  if (sortedSteady.length > 0) {
    console.log(
      `  after ${WARM_UP_S} s:   p50 ${ms(percentile(sortedSteady, 50))}, p99 ${ms(percentile(sortedSteady, 99))}, max ${ms(sortedSteady.at(-1) ?? 0)} (the first bets of a cold process read each player's seed pair and accounts and open the connections)`,
    );
  }
  console.log(
    `Errors:        ${errors}${errors === 0 ? '' : ` (${[...failures].map(([s, n]) => `${n}× ${s}`).join(', ')})`}`,
  );
}

let api: BenchApi;

/** `run(0 … count − 1)`, `size` at a time, the results in order. */
async function main(): Promise<void> {
  api = await startBenchApi({ poolMax: 20, process: 'child' });
  const { base, db } = api;
  try {
    console.log(`API on ${base} (in ${api.where}), PostgreSQL ${api.databaseUrl}`);

    const players = (await signUpPlayers(base, db, PLAYERS)).map((player) => player.token);
    console.log(`${PLAYERS} players signed up and funded.`);

    if (SOAK !== null) {
      console.log(`Soak: ${RATE} bets/s for ${SOAK} s …`);
      await soak(base, players, SOAK);
    } else {
      console.log(`Bet-shaped limit: ${PLAYERS} PostgreSQL clients for ${SECONDS} s …`);
      const before = await api.cpu();
      const limit = await betShapedLimit(api.connectionUrl, PLAYERS, SECONDS);
      const between = await api.cpu();
      limit.postgresCpuMs = between.postgresMs - before.postgresMs;
      console.log(
        `Limit:         ${limit.transactions} transactions in ${limit.elapsed.toFixed(1)} s: ${(limit.transactions / limit.elapsed).toFixed(1)} tx/s, p50 ${ms(limit.p50)}, p99 ${ms(limit.p99)}${limit.failures ? `, ${limit.failures} failed` : ''}`,
      );
      console.log(`Betting over HTTP for ${SECONDS} s …`);
      await closedLoop(base, players, limit, between);
    }
    const problems = await ledgerInvariantViolations(db);
    console.log(`Ledger:        ${problems.length === 0 ? 'invariants hold' : problems.join('; ')}`);
    if (problems.length > 0) process.exitCode = 1;
  } finally {
    await api.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
