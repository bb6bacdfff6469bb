/**
 * `npm run bench:middleware [-- REQUESTS]`: what the edge middleware's guard chain (lib/traffic/guards.ts:
 * mirror check, geo check, redirect rule) adds to a page request, p50 and p99 over REQUESTS (default 2000)
 * requests, in four cases:
 *   - API reachable, every request a new visitor on a new path (cold: three API calls each);
 *   - API reachable, returning visitors (warm: answers from the middleware's 30-second cache);
 *   - API down, connection refused (each failure remembered for 5 s, so one refused call per 5 s);
 *   - API down, connection refused, cold (a new visitor and path each time: the worst case).
 * The API runs for real on a throw-away embedded PostgreSQL with a mirror and a redirect rule.
 */
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { GuardCache, runGuards, type GuardRequest } from '../lib/traffic/guards';
import { percentile, startBenchApi } from './lib/api-stack';
import { upsertMirror, upsertRedirectRule } from '../server/modules/traffic/service';

const REQUESTS = Number(process.argv[2] ?? process.env.REQUESTS ?? 2000);

function visit(i: number, fresh: boolean): GuardRequest {
  const pathWithoutLocale = fresh ? `/games/dice/${i}` : '/games/dice';
  return {
    url: new URL(`https://aurum.example/ru${pathWithoutLocale}?stag=bench`),
    locale: 'ru',
    pathWithoutLocale,
    forward: {
      'x-forwarded-for': fresh ? `198.51.${(i >> 8) & 255}.${i & 255}` : '198.51.100.1',
      'cf-ipcountry': 'KZ',
    },
  };
}

async function measure(label: string, apiBase: string, fresh: boolean): Promise<void> {
  const cache = new GuardCache();
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await runGuards(visit(i, fresh), { apiBase, fetch, cache, log: () => {} });
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `${label.padEnd(44)} p50 ${percentile(times, 50).toFixed(2).padStart(7)} ms   p99 ${percentile(times, 99)
      .toFixed(2)
      .padStart(7)} ms   max ${times.at(-1)!.toFixed(2).padStart(7)} ms`,
  );
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function main(): Promise<void> {
  const api = await startBenchApi({ poolMax: 10 });
  const { base, db } = api;
  try {
    const now = new Date();
    await upsertMirror(db, 'aurum.example', { telegramChannelUrl: 'https://t.me/aurum' }, now);
    await upsertRedirectRule(
      db,
      { sourcePath: '/old-promo', target: '/welcome-pack', status: 301, enabled: true },
      now,
    );
    console.log(`Guard chain of the middleware, ${REQUESTS} requests each, one at a time (API on ${base})\n`);
    await measure('API reachable, new visitor and path (cold)', base, true);
    await measure('API reachable, returning visitor (cached)', base, false);
    const down = `http://127.0.0.1:${await closedPort()}`;
    await measure('API down (refused), returning visitor', down, false);
    await measure('API down (refused), new visitor and path', down, true);
  } finally {
    await api.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
