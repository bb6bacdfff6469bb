/**
 * `npm run bench:wallet [-- SECONDS]` (default 20): the seamless wallet a game aggregator calls (issue 17)
 * under 50 concurrent game sessions, beside the in-house games' bet path in the same run.
 *
 * 1. starts the API in its own process on a fresh embedded PostgreSQL (bench/lib/api-stack.ts), signs up
 *    and funds 50 players (bench/lib/players.ts) and opens a game session for each;
 * 2. wallet: for SECONDS, each session loops a signed `/aggregator/transaction/bet` then its
 *    `/aggregator/transaction/win` (a zero win closing the round half the time, twice the stake
 *    otherwise), one call at a time, as a provider's server does; bets/s and p50/p99 of each call;
 * 3. in-house: for SECONDS, the same 50 players loop `POST /dice/bet` (the house games' bet path, as
 *    bench/games-http.ts drives it); bets/s and p50/p99;
 * 4. the ledger's invariants (server/modules/ledger/invariants).
 */
import { randomUUID } from 'node:crypto';
import { signAggregatorRequest } from '@/lib/aggregator/signature';
import { AGGREGATOR_SIGNATURE_HEADER, aggregatorUserId } from '@/lib/contracts/aggregator';
import { createGameSession } from '../server/modules/aggregator/service';
import { ledgerInvariantViolations } from '../server/modules/ledger/invariants';
import { benchAgent, httpRequest } from './lib/http';
import { percentile, startBenchApi } from './lib/api-stack';
import { benchKey, signUpPlayers } from './lib/players';

const SECONDS = Number(process.argv[2] ?? 20);
const SESSIONS = 50;
const SECRET = `bench-aggregator-secret-${'w'.repeat(16)}`;
/** RUB 1 in Hub88 units (100 000 per major unit). */
const STAKE_UNITS = 100_000;
if (!(SECONDS > 0)) throw new Error('SECONDS must be a positive number');

const agent = benchAgent();
const post = (url: string, payload: string, headers: Record<string, string>) =>
  httpRequest(agent, 'POST', url, payload, headers);

/** A signed wallet call; its status (RS_OK …) or the HTTP failure. */
async function walletCall(base: string, path: string, body: object): Promise<string> {
  const raw = JSON.stringify(body);
  const answer = await post(`${base}/aggregator/${path}`, raw, {
    [AGGREGATOR_SIGNATURE_HEADER]: signAggregatorRequest(raw, SECRET),
  });
  return answer.status === 200
    ? (JSON.parse(answer.body) as { status: string }).status
    : `HTTP ${answer.status}`;
}

interface Phase {
  count: number;
  elapsed: number;
  latencies: Record<string, number[]>;
  failures: Map<string, number>;
}

async function timed(
  seconds: number,
  workers: number,
  step: (worker: number, phase: Phase) => Promise<void>,
): Promise<Phase> {
  const phase: Phase = { count: 0, elapsed: 0, latencies: {}, failures: new Map() };
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (performance.now() < deadline) await step(worker, phase);
    }),
  );
  phase.elapsed = (performance.now() - started) / 1000;
  return phase;
}

const record = (phase: Phase, name: string, t0: number, outcome: string, ok: string) => {
  (phase.latencies[name] ??= []).push(performance.now() - t0);
  if (outcome !== ok)
    phase.failures.set(`${name} ${outcome}`, (phase.failures.get(`${name} ${outcome}`) ?? 0) + 1);
};

const ms = (value: number) => `${value.toFixed(1)} ms`;
const line = (label: string, values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `${label.padEnd(22)} p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? 0)}`;
};
const failuresOf = (phase: Phase) =>
  phase.failures.size === 0 ? 'none' : [...phase.failures].map(([what, n]) => `${n}× ${what}`).join(', ');

async function main(): Promise<void> {
  const api = await startBenchApi({ poolMax: 20, process: 'child', env: { AGGREGATOR_SECRET: SECRET } });
  try {
    const { base, db } = api;
    console.log(`API on ${base} (in ${api.where}), PostgreSQL ${api.databaseUrl}`);
    const players = await signUpPlayers(base, db, SESSIONS);
    const sessions = await Promise.all(
      players.map(async (player) => ({
        user: aggregatorUserId(player.id),
        token: (
          await createGameSession(db, {
            userId: player.id,
            gameCode: 'fruit-sevens',
            currency: 'RUB',
            now: new Date(),
          })
        ).token,
      })),
    );
    console.log(`${SESSIONS} players signed up, funded, each with a game session.`);

    console.log(`Wallet: ${SESSIONS} sessions, bet + win each, for ${SECONDS} s …`);
    const wallet = await timed(SECONDS, SESSIONS, async (worker, phase) => {
      const session = sessions[worker];
      const round = randomUUID();
      const bet = randomUUID();
      const common = {
        user: session.user,
        token: session.token,
        round,
        game_code: 'fruit-sevens',
        currency: 'RUB',
      };
      let t0 = performance.now();
      const placed = await walletCall(base, 'transaction/bet', {
        ...common,
        transaction_uuid: bet,
        request_uuid: randomUUID(),
        round_closed: false,
        is_free: false,
        amount: STAKE_UNITS,
      }).catch((error: Error) => error.name);
      record(phase, 'bet', t0, placed, 'RS_OK');
      if (placed !== 'RS_OK') return;
      phase.count += 1;
      t0 = performance.now();
      const paid = await walletCall(base, 'transaction/win', {
        ...common,
        transaction_uuid: randomUUID(),
        reference_transaction_uuid: bet,
        request_uuid: randomUUID(),
        round_closed: true,
        is_free: false,
        amount: phase.count % 2 === 0 ? 0 : 2 * STAKE_UNITS,
      }).catch((error: Error) => error.name);
      record(phase, 'win', t0, paid, 'RS_OK');
    });

    console.log(`In-house: the same ${SESSIONS} players, POST /dice/bet, for ${SECONDS} s …`);
    const house = await timed(SECONDS, SESSIONS, async (worker, phase) => {
      const t0 = performance.now();
      const answer = await post(
        `${base}/dice/bet`,
        JSON.stringify({ amount: 1, target: 50, direction: 'over', idempotency_key: benchKey() }),
        { authorization: `Bearer ${players[worker].token}` },
      ).catch((error: Error) => ({ status: 0, body: error.name }));
      const outcome = answer.status === 200 ? 'ok' : `HTTP ${answer.status}`;
      record(phase, 'dice', t0, outcome, 'ok');
      if (outcome === 'ok') phase.count += 1;
    });

    console.log('');
    console.log(
      `Wallet bets:           ${wallet.count} in ${wallet.elapsed.toFixed(1)} s: ${(wallet.count / wallet.elapsed).toFixed(1)} bets/s (each with its win: ${((2 * wallet.count) / wallet.elapsed).toFixed(1)} calls/s)`,
    );
    console.log(line('  transaction/bet', wallet.latencies.bet ?? []));
    console.log(line('  transaction/win', wallet.latencies.win ?? []));
    console.log(`  refused or failed:   ${failuresOf(wallet)}`);
    console.log(
      `In-house dice bets:    ${house.count} in ${house.elapsed.toFixed(1)} s: ${(house.count / house.elapsed).toFixed(1)} bets/s`,
    );
    console.log(line('  POST /dice/bet', house.latencies.dice ?? []));
    console.log(`  refused or failed:   ${failuresOf(house)}`);
    const problems = await ledgerInvariantViolations(db);
    console.log(`Ledger:                ${problems.length === 0 ? 'invariants hold' : problems.join('; ')}`);
    if (problems.length > 0 || wallet.failures.size > 0) process.exitCode = 1;
  } finally {
    agent.destroy();
    await api.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
