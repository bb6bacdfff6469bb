/**
 * The API server in a process of its own, for a benchmark (bench/lib/api-stack.ts `process: 'child'`),
 * as production runs it: the benchmark's load and its own database clients then do not share this
 * process's event loop. Started with `fork` (IPC); reads BENCH_DATABASE_URL, BENCH_POOL_MAX,
 * BENCH_DATA_DIR and BENCH_ENV (JSON of configuration variables); sends `{ type: 'listening', base }`
 * once it listens, answers `'memory'` with `{ type: 'memory', memory }` (process.memoryUsage()), and
 * stops when the parent disconnects.
 */
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb } from '../../server/db/client';

async function main(): Promise<void> {
  const handle = createDb(process.env.BENCH_DATABASE_URL!, { max: Number(process.env.BENCH_POOL_MAX) });
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: process.env.BENCH_DATA_DIR!,
    ...(JSON.parse(process.env.BENCH_ENV ?? '{}') as Record<string, string>),
  });
  const app = buildApp({ db: handle.db, config, logger: false });
  const base = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
  process.on('message', (message) => {
    if (message === 'memory') process.send!({ type: 'memory', memory: process.memoryUsage() });
  });
  process.on('disconnect', () => {
    void app
      .close()
      .then(() => handle.pool.end())
      .finally(() => process.exit(0));
  });
  process.send!({ type: 'listening', base });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
