/**
 * What the web benchmarks stand on: a production build of a Next app into its own dist dir, `next start`
 * on a free loopback port (stopped with this process), a keep-alive HTTP load loop, and the first-load
 * JS of a route read from the build output. `startProductWeb` puts the product together: the API (in
 * this process, on its own embedded PostgreSQL, with the development helpers and demo players) and the
 * web app built into `.next-bench` with that API's address inlined.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import net from 'node:net';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';
import { percentile, startBenchApi, type BenchApi } from './api-stack';
import { wrkAvailable, wrkLoad } from './wrk';
import buildSources from '../../scripts/build-sources.json';

export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');
export const BENCH_DIST_DIR = '.next-bench';
const NEXT_BIN = path.join(REPO_ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** `preferred` when nothing listens on it on loopback, else a free port. */
async function portOr(preferred: number): Promise<number> {
  const taken = await new Promise<boolean>((resolve) => {
    const socket = net.connect(preferred, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
  return taken ? freePort() : preferred;
}

function newestMtime(file: string): number {
  if (!existsSync(file)) return 0;
  const stat = statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(file)) newest = Math.max(newest, newestMtime(path.join(file, entry)));
  return newest;
}

export interface BuildOptions {
  /** The app's directory. */
  cwd: string;
  /** Its dist dir, relative to `cwd`. */
  distDir: string;
  env: NodeJS.ProcessEnv;
  /** Files and folders (relative to `cwd`) the build depends on, for reusing an up-to-date build. */
  sources?: string[];
  /** Build even when an up-to-date build is there. */
  force?: boolean;
  label: string;
}

/**
 * `next build` (Turbopack, as the product builds), unless the dist dir holds a build of the same
 * NEXT_PUBLIC_ variables newer than every source (`sources`). The build's output is shown on failure only.
 */
/**
 * Builds the web app unless the build in `distDir` is up to date. Asynchronous on purpose: the benches run
 * the API in their own process, and a build that blocked it (spawnSync) left the pages' server-rendered
 * first screens (the lobbies, /betting) waiting on an API that could not answer.
 */
export async function buildNext({ cwd, distDir, env, sources, force, label }: BuildOptions): Promise<void> {
  const stampFile = path.join(cwd, distDir, 'bench-stamp.json');
  const buildId = path.join(cwd, distDir, 'BUILD_ID');
  const publicEnv = Object.entries(env)
    .filter(([name]) => name.startsWith('NEXT_PUBLIC_'))
    .sort(([a], [b]) => a.localeCompare(b));
  const stamp = createHash('sha256').update(JSON.stringify(publicEnv)).digest('hex');
  if (!force && sources && existsSync(buildId) && existsSync(stampFile)) {
    const previous = JSON.parse(readFileSync(stampFile, 'utf8')) as { stamp: string };
    const sourcesTime = Math.max(...sources.map((source) => newestMtime(path.join(cwd, source))));
    if (previous.stamp === stamp && sourcesTime <= statSync(buildId).mtimeMs) {
      console.log(`${label}: reusing the build in ${path.join(cwd, distDir)} (up to date)`);
      return;
    }
  }
  console.log(`${label}: next build into ${path.join(cwd, distDir)} …`);
  const started = performance.now();
  const output: Buffer[] = [];
  const status = await new Promise<number | string | null>((resolve, reject) => {
    const child = spawn(process.execPath, [NEXT_BIN, 'build'], {
      cwd,
      env: { ...env, NEXT_DIST_DIR: distDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve(code ?? signal));
  });
  if (status !== 0) {
    console.error(Buffer.concat(output).toString());
    throw new Error(`${label}: next build failed (${status})`);
  }
  writeFileSync(stampFile, JSON.stringify({ stamp }));
  console.log(`${label}: built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

export interface RunningWeb {
  base: string;
  pid: number;
  close: () => Promise<void>;
}

/** `next start` of a built app on loopback; it stops with this process (scripts/exit-with-supervisor.mjs). */
export async function startNext({
  cwd,
  distDir,
  env,
  port,
  label,
}: {
  cwd: string;
  distDir: string;
  env: NodeJS.ProcessEnv;
  port: number;
  label: string;
}): Promise<RunningWeb> {
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      path.join(REPO_ROOT, 'scripts', 'exit-with-supervisor.mjs'),
      NEXT_BIN,
      'start',
      '-H',
      '127.0.0.1',
      '-p',
      String(port),
    ],
    {
      cwd,
      env: {
        ...env,
        NEXT_DIST_DIR: distDir,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
        SUPERVISOR_PID: String(process.pid),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const up = await fetch(`${base}/`, { redirect: 'manual' }).then(
      (response) => response.status < 500,
      () => false,
    );
    if (up) return { base, pid: child.pid!, close };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await close();
  throw new Error(`${label}: next start did not answer in 60 s\n${output}`);
}

export interface LoadResult {
  /** What generated the load: wrk when installed (bench/lib/wrk.ts), else node:http in this process. */
  generator: 'wrk' | 'node:http';
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  statuses: Map<number, number>;
}

/**
 * GETs `url` over `connections` keep-alive connections, each one request at a time, for `seconds` after
 * a warm-up of `warmupSeconds`; no Accept-Encoding (the bodies are not compressed), like autocannon.
 * With `BENCH_LOAD=wrk` (and wrk installed) through wrk (bench/lib/wrk.ts), else with node:http from
 * this process. wrk is opt-in: its first runs here (2026-11-25) gave multi-second p99 on every page, the
 * floor's included, which is not understood yet.
 */
export async function loadTest(
  url: string,
  {
    connections,
    seconds,
    warmupSeconds = 2,
  }: { connections: number; seconds: number; warmupSeconds?: number },
): Promise<LoadResult> {
  if (process.env.BENCH_LOAD === 'wrk' && wrkAvailable()) {
    const result = await wrkLoad(url, { connections, seconds, warmupSeconds });
    return {
      generator: 'wrk',
      ...result,
      statuses: new Map([[200, result.requests - result.errors]]),
    };
  }
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const request = http.get(url, { agent }, (response) => {
        response.on('data', () => undefined);
        response.on('end', () => resolve(response.statusCode ?? 0));
        response.on('error', reject);
      });
      request.on('error', reject);
    });
  const run = async (duration: number, record: boolean) => {
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let errors = 0;
    const started = performance.now();
    const deadline = started + duration * 1000;
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (performance.now() < deadline) {
          const t0 = performance.now();
          try {
            const status = await get();
            statuses.set(status, (statuses.get(status) ?? 0) + 1);
            if (status !== 200) errors += 1;
          } catch {
            errors += 1;
          }
          if (record) latencies.push(performance.now() - t0);
        }
      }),
    );
    return { latencies, statuses, errors, elapsed: (performance.now() - started) / 1000 };
  };
  try {
    if (warmupSeconds > 0) await run(warmupSeconds, false);
    const { latencies, statuses, errors, elapsed } = await run(seconds, true);
    latencies.sort((a, b) => a - b);
    return {
      generator: 'node:http',
      requests: latencies.length,
      perSecond: latencies.length / elapsed,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      errors,
      statuses,
    };
  } finally {
    agent.destroy();
  }
}

/** The HTML of a page as served (status 200 expected): its size, raw and gzipped. */
export async function htmlSize(url: string): Promise<{ raw: number; gzip: number }> {
  const response = await fetch(url, { redirect: 'manual', headers: { 'accept-encoding': 'identity' } });
  if (response.status !== 200) throw new Error(`${url}: HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  return { raw: body.length, gzip: zlib.gzipSync(body).length };
}

export interface FirstLoadJs {
  /** Gzipped bytes of every chunk a modern browser loads for the route. */
  gzip: number;
  /** Gzipped bytes of the legacy polyfill chunk (loaded only by browsers without ES modules). */
  polyfillGzip: number;
  chunks: number;
}

/**
 * First-load JS of an app route (e.g. `/[locale]/(default)/page`) from the build output: the root main
 * files of `build-manifest.json` (the runtime every page loads) and every entry chunk of the route's
 * layouts, page and boundaries in `server/app/<route>_client-reference-manifest.js`, each gzipped here
 * (zlib, default level) and summed; the polyfill chunk apart.
 */
export function firstLoadJs(appDir: string, distDir: string, route: string): FirstLoadJs {
  const dist = path.join(appDir, distDir);
  const build = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8')) as {
    rootMainFiles: string[];
    polyfillFiles: string[];
  };
  const sandbox: { __RSC_MANIFEST?: Record<string, { entryJSFiles?: Record<string, string[]> }> } = {};
  vm.runInNewContext(
    readFileSync(path.join(dist, 'server', 'app', `${route}_client-reference-manifest.js`), 'utf8'),
    sandbox,
  );
  const manifest = sandbox.__RSC_MANIFEST?.[route];
  if (!manifest?.entryJSFiles) throw new Error(`${route}: no entryJSFiles in its client reference manifest`);
  const files = new Set([...build.rootMainFiles, ...Object.values(manifest.entryJSFiles).flat()]);
  const gz = (file: string) => zlib.gzipSync(readFileSync(path.join(dist, file))).length;
  return {
    gzip: [...files].reduce((sum, file) => sum + gz(file), 0),
    polyfillGzip: build.polyfillFiles.reduce((sum, file) => sum + gz(file), 0),
    chunks: files.size,
  };
}

/** What `npm start` rebuilds on. */
const PRODUCT_SOURCES: string[] = buildSources;

/** The API port the bench build inlines by default: a fixed one, so that the benches can share a build. */
const DEFAULT_BENCH_API_PORT = 4290;
/** The game studio's port: fixed too, as the build's Content-Security-Policy names it. */
const BENCH_STUDIO_PORT = 4291;

/**
 * The game studio (studio/server, issue 17) as `npm start` runs it, in a process of its own with a
 * throw-away data directory, calling the wallet at `walletUrl`: the lobbies list its games.
 */
async function startStudio(port: number, secret: string, walletUrl: string): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'casino-bench-studio-'));
  const child = spawn(path.join(REPO_ROOT, 'node_modules', '.bin', 'tsx'), ['studio/server/main.ts'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      STUDIO_HOST: '127.0.0.1',
      STUDIO_PORT: String(port),
      STUDIO_WALLET_URL: walletUrl,
      AGGREGATOR_SECRET: secret,
      STUDIO_DATA_DIR: dataDir,
      SUPERVISOR_PID: String(process.pid),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      (response) => response.status < 500,
      () => false,
    );
    if (up) return close;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await close();
  throw new Error(`the game studio did not answer on port ${port}`);
}

export interface ProductWeb {
  api: BenchApi;
  web: RunningWeb;
  close: () => Promise<void>;
}

/**
 * The product for the web benchmarks: the API (in this process, NODE_ENV=development: demo players,
 * rate limits off as in the e2e stack, its own embedded PostgreSQL) and the web app built into
 * `.next-bench` with `NEXT_PUBLIC_API_URL` naming that API, served by `next start`.
 */
export async function startProductWeb({ rebuild = false }: { rebuild?: boolean } = {}): Promise<ProductWeb> {
  const apiPort = await portOr(Number(process.env.BENCH_API_PORT ?? DEFAULT_BENCH_API_PORT));
  const webPort = await freePort();
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const studioPort = await portOr(BENCH_STUDIO_PORT);
  const aggregatorSecret = randomBytes(32).toString('hex');
  const closeStudio = await startStudio(studioPort, aggregatorSecret, `${apiUrl}/aggregator`);
  const api = await startBenchApi({
    poolMax: 10,
    port: apiPort,
    env: {
      NODE_ENV: 'development',
      JWT_SECRET: randomBytes(32).toString('hex'),
      WEB_ORIGINS: `http://127.0.0.1:${webPort},http://localhost:${webPort}`,
      RATE_LIMIT_ENABLED: 'false',
      STUDIO_URL: `http://127.0.0.1:${studioPort}`,
      AGGREGATOR_SECRET: aggregatorSecret,
    },
  }).catch(async (error: unknown) => {
    await closeStudio();
    throw error;
  });
  try {
    const env = {
      ...process.env,
      NEXT_PUBLIC_API_URL: apiUrl,
      NEXT_PUBLIC_GAME_ORIGINS: `http://localhost:${studioPort} http://127.0.0.1:${studioPort}`,
    };
    await buildNext({
      cwd: REPO_ROOT,
      distDir: BENCH_DIST_DIR,
      env,
      sources: PRODUCT_SOURCES,
      force: rebuild,
      label: 'product',
    });
    const web = await startNext({
      cwd: REPO_ROOT,
      distDir: BENCH_DIST_DIR,
      env,
      port: webPort,
      label: 'product',
    });
    return {
      api,
      web,
      close: async () => {
        await web.close();
        await api.close();
        await closeStudio();
      },
    };
  } catch (error) {
    await api.close();
    await closeStudio();
    throw error;
  }
}
