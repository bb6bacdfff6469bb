/**
 * `npm run bench:games-http [-- SECONDS] [PLAYERS]`: starts the API server on an embedded PostgreSQL
 * (fresh temp dir, free port, like the server tests), signs up PLAYERS players (default 50) through the
 * API, credits each through the ledger, then has them bet concurrently over HTTP (dice, coinflip, keno,
 * roulette and cases in turn, each player one request at a time) for SECONDS (default 20) and prints
 * bets per second and the p50/p99 latency. Ends with the ledger invariants check.
 */
import { randomBytes } from 'node:crypto';
import { percentile, startBenchApi } from './lib/api-stack';
import { ledgerInvariantViolations } from '../server/modules/ledger/invariants';
import { adjustBalance } from '../server/modules/wallet/service';

const SECONDS = Number(process.argv[2] ?? process.env.SECONDS ?? 20);
const PLAYERS = Number(process.argv[3] ?? process.env.PLAYERS ?? 50);

const key = () => `b-${randomBytes(8).toString('hex')}`;
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

async function main(): Promise<void> {
  const api = await startBenchApi({ poolMax: 20 });
  const { base, db } = api;
  try {
    console.log(`API on ${base}, PostgreSQL ${api.databaseUrl}`);

    const players = await Promise.all(
      Array.from({ length: PLAYERS }, async (_, i) => {
        const response = await fetch(`${base}/api/v2/auth/register/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-forwarded-for': `10.9.${i >> 8}.${(i & 255) + 1}`,
          },
          body: JSON.stringify({
            email: `bench-${i}-${randomBytes(3).toString('hex')}@example.com`,
            password: 'correct horse 1',
          }),
        });
        if (response.status !== 200) throw new Error(`sign-up ${response.status}: ${await response.text()}`);
        const { token } = (await response.json()) as { token: string };
        const me = (await (
          await fetch(`${base}/profile/user`, { headers: { authorization: `Bearer ${token}` } })
        ).json()) as {
          user: { id: number };
        };
        await adjustBalance(db, {
          userId: me.user.id,
          currency: 'RUB',
          direction: 'credit',
          amountMinor: 100_000_000n,
          reason: 'bench funds',
          key: key(),
          source: 'admin',
        });
        return token;
      }),
    );
    console.log(`${PLAYERS} players signed up and funded; betting for ${SECONDS} s …`);

    const latencies: number[] = [];
    const failures = new Map<number, number>();
    const perGame = new Map<string, number>();
    const deadline = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      players.map(async (token, p) => {
        for (let n = p; performance.now() < deadline; n += 1) {
          const [url, body] = BODIES[n % BODIES.length];
          const t0 = performance.now();
          const response = await fetch(`${base}${url}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
            body: JSON.stringify(body()),
          });
          await response.arrayBuffer();
          latencies.push(performance.now() - t0);
          if (response.status === 200) perGame.set(url, (perGame.get(url) ?? 0) + 1);
          else failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
        }
      }),
    );
    const elapsed = (performance.now() - started) / 1000;
    const sorted = [...latencies].sort((a, b) => a - b);
    const ok = [...perGame.values()].reduce((a, b) => a + b, 0);
    console.log('');
    console.log(`Bets placed:   ${ok} in ${elapsed.toFixed(1)} s (${PLAYERS} concurrent players)`);
    console.log(`Throughput:    ${(ok / elapsed).toFixed(1)} bets/s`);
    console.log(
      `Latency:       p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${percentile(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
    );
    console.log(`Per call:      ${[...perGame].map(([url, n]) => `${url} ${n}`).join(', ')}`);
    console.log(
      `Failures:      ${failures.size === 0 ? 'none' : [...failures].map(([s, n]) => `${n}× HTTP ${s}`).join(', ')}`,
    );
    const problems = await ledgerInvariantViolations(db);
    console.log(`Ledger:        ${problems.length === 0 ? 'invariants hold' : problems.join('; ')}`);
  } finally {
    await api.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
