/**
 * What the HTTP benchmarks stand on: the API server on a fresh embedded PostgreSQL (temp dir, free
 * port, migrated and seeded, like the server tests), listening on loopback, in this process or (option
 * `process: 'child'`) in a process of its own (bench/lib/api-process.ts), as production runs it. `close`
 * stops and removes everything.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type Database } from '../../server/db/client';
import { startEmbeddedPostgres } from '../../server/db/embedded';
import { migrateDatabase } from '../../server/db/migrate';
import { seedDatabase } from '../../server/db/seed';

export interface BenchApi {
  base: string;
  db: Database;
  /** The database address with its password masked, for the report. */
  databaseUrl: string;
  /** The database address itself, for a benchmark's own connections. */
  connectionUrl: string;
  close: () => Promise<void>;
  /** The memory of the process the API runs in. */
  memory: () => Promise<NodeJS.MemoryUsage>;
  /** Where the API runs, for the report. */
  where: string;
  /** CPU time (ms, user + system) used so far by the API's process and by PostgreSQL's processes. */
  cpu: () => Promise<{ apiMs: number; postgresMs: number }>;
}

export interface BenchApiOptions {
  poolMax: number;
  /** Loopback port of the API; 0 (default) picks a free one. */
  port?: number;
  /** Configuration variables over the bench's own (NODE_ENV test, silent log, X-Forwarded-For from loopback). */
  env?: Record<string, string>;
  /** `same` (default): the API in this process; `child`: in a process of its own. */
  process?: 'same' | 'child';
}

/** Starts bench/lib/api-process.ts and waits until it listens. */
async function forkApi(env: Record<string, string>): Promise<{ child: ChildProcess; base: string }> {
  const child = fork(path.join(import.meta.dirname, 'api-process.ts'), [], {
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_API_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [])],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const base = await new Promise<string>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the API process exited with ${code}`)));
    child.on('message', (message: { type?: string; base?: string }) => {
      if (message.type === 'listening') resolve(message.base!);
    });
  });
  return { child, base };
}

function childMemory(child: ChildProcess): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    const listener = (message: { type?: string; memory?: NodeJS.MemoryUsage }) => {
      if (message.type !== 'memory') return;
      child.off('message', listener);
      resolve(message.memory!);
    };
    child.on('message', listener);
    child.send('memory');
  });
}

export async function startBenchApi({
  poolMax,
  port = 0,
  env = {},
  process: where = 'same',
}: BenchApiOptions): Promise<BenchApi> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'casino-bench-pg-'));
  await fs.chmod(root, 0o755);
  const quiet = () => undefined;
  const embedded = await startEmbeddedPostgres({
    dataDir: root,
    port: 0,
    database: 'casino_bench',
    ephemeral: true,
    log: { debug: quiet, info: quiet, warn: console.warn, error: console.error },
  });
  const handle = createDb(embedded.url, { max: poolMax });
  // The players' X-Forwarded-For (each its own address) is believed from loopback, as behind a local proxy.
  // DATA_DIR is the throw-away directory: nothing (a development JWT secret) lands in the repository's .data.
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    TRUST_PROXY: '127.0.0.1',
    DATA_DIR: root,
    ...env,
  });
  const app = where === 'same' ? buildApp({ db: handle.db, config, logger: false }) : null;
  let child: ChildProcess | null = null;
  const close = async () => {
    if (child?.connected) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.disconnect();
      await exited;
    }
    await app?.close();
    await handle.pool.end();
    await embedded.stop();
    await fs.rm(root, { recursive: true, force: true });
  };
  try {
    await migrateDatabase(handle);
    await seedDatabase(handle.db);
    let base: string;
    if (app) base = await app.listen({ host: '127.0.0.1', port });
    else {
      ({ child, base } = await forkApi({
        BENCH_DATABASE_URL: embedded.url,
        BENCH_POOL_MAX: String(poolMax),
        BENCH_DATA_DIR: root,
        BENCH_PORT: String(port),
        BENCH_ENV: JSON.stringify(env),
      }));
    }
    const forked = child;
    const postmaster = embedded.pid;
    return {
      cpu: async () => ({
        apiMs: forked ? await processCpuMs(forked.pid!) : cpuMs(process.cpuUsage()),
        postgresMs: await postgresCpuMs(postmaster),
      }),
      base,
      memory: async () => (forked ? childMemory(forked) : process.memoryUsage()),
      where: forked ? `its own process (pid ${forked.pid})` : 'this process',
      db: handle.db,
      databaseUrl: embedded.url.replace(/:[^:@/]+@/, ':***@'),
      connectionUrl: embedded.url,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

const TICK_MS = 10; // /proc reports CPU in clock ticks of 1/100 s (USER_HZ)

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/** Fields of /proc/<pid>/stat after the command name (field 3 onwards), or null for a process gone. */
async function procStat(pid: number): Promise<string[] | null> {
  try {
    const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** utime + stime of a process (ms). */
async function processCpuMs(pid: number): Promise<number> {
  const fields = await procStat(pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) * TICK_MS : 0;
}

/**
 * CPU of the PostgreSQL server: the postmaster with what it reaped (cutime, cstime) and every live child
 * (backends, writer, WAL writer, …), from /proc (0 where /proc is absent).
 */
async function postgresCpuMs(postmaster: number): Promise<number> {
  const own = await procStat(postmaster);
  if (!own) return 0;
  let total = (Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14])) * TICK_MS;
  const pids = (await fs.readdir('/proc')).filter((name) => /^\d+$/.test(name)).map(Number);
  for (const pid of pids) {
    const fields = await procStat(pid);
    if (fields && Number(fields[1]) === postmaster)
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
  return total;
}

/** The p-th percentile (0–100) of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
