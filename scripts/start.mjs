#!/usr/bin/env node
/**
 * One command for the whole product: `npm start` builds the web app when its sources changed since
 * the last build, starts the API server (which starts the embedded PostgreSQL when DATABASE_URL is
 * unset, migrates and seeds it), then the web app, prints the URLs, and stops everything on Ctrl-C.
 * `npm run dev` does the same with hot reload.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
const env = { ...process.env };
env.API_HOST ??= '127.0.0.1';
env.API_PORT ??= '4000';
env.WEB_HOST ??= '127.0.0.1';
env.WEB_PORT ??= '3000';
env.NEXT_PUBLIC_API_URL ??= `http://localhost:${env.API_PORT}`;
env.WEB_ORIGINS ??= `http://localhost:${env.WEB_PORT},http://127.0.0.1:${env.WEB_PORT}`;
env.NEXT_TELEMETRY_DISABLED = '1';
env.SUPERVISOR_PID = String(process.pid);
// The web app is always built and served as production code. The API server started on its own
// (`npm run api`) is production unless NODE_ENV says otherwise; here it runs as production only when
// NODE_ENV says so (an operator's deployment, which also needs JWT_SECRET), otherwise with its
// development helpers (the outbox at /dev/outbox, the sandbox payment and social providers, the demo
// players) so that a local `npm start` is a complete, playable product. A banner says so once ready.
const apiEnv = { ...env, NODE_ENV: process.env.NODE_ENV === 'production' ? 'production' : 'development' };
// The game studio (studio/server, issue 17) is the aggregator the lobbies' games come from: it calls the
// API's wallet and the API calls its Games API, both signed with AGGREGATOR_SECRET. Unset, one is made once
// and kept under DATA_DIR, so the two processes agree across restarts. START_STUDIO=0: no studio started
// (a real aggregator is configured instead: STUDIO_URL, AGGREGATOR_SECRET or AGGREGATOR_PUBLIC_KEY).
const studioEnabled = env.START_STUDIO !== '0';
env.STUDIO_PORT ??= '4100';
if (studioEnabled) {
  env.STUDIO_URL ??= `http://127.0.0.1:${env.STUDIO_PORT}`;
  env.STUDIO_WALLET_URL ??= `http://127.0.0.1:${env.API_PORT}/aggregator`;
  env.AGGREGATOR_SECRET ??= aggregatorSecret(join(root, env.DATA_DIR ?? '.data'));
  env.STUDIO_DATA_DIR ??= join(env.DATA_DIR ?? '.data', 'studio');
  // The web app's Content-Security-Policy lets the studio's games be framed (lib/security/headers.ts).
  env.NEXT_PUBLIC_GAME_ORIGINS ??= `http://localhost:${env.STUDIO_PORT} http://127.0.0.1:${env.STUDIO_PORT}`;
  apiEnv.STUDIO_URL = env.STUDIO_URL;
  apiEnv.AGGREGATOR_SECRET = env.AGGREGATOR_SECRET;
}
// The web app links its code steps to the API's local outbox only when that API has one (lib/dev-outbox.ts).
env.NEXT_PUBLIC_DEV_OUTBOX = apiEnv.NODE_ENV === 'production' ? '0' : '1';
if (!dev) env.NODE_ENV = 'production';

const distDir = env.NEXT_DIST_DIR || '.next';

/** The shared secret of the studio's and the wallet's signed calls, made once under `dataDir`. */
function aggregatorSecret(dataDir) {
  const file = join(dataDir, 'aggregator-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
const bin = (name) => join(root, 'node_modules', '.bin', name);
const log = (message) => console.log(`[start] ${message}`);

/** What the web build depends on: a change in any of these makes `npm start` build again (bench/ uses it too). */
const SOURCES = JSON.parse(readFileSync(join(root, 'scripts', 'build-sources.json'), 'utf8'));

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** The build depends on the sources and on the NEXT_PUBLIC_ variables inlined into it. */
function buildStamp() {
  const publicEnv = Object.entries(env)
    .filter(([key]) => key.startsWith('NEXT_PUBLIC_'))
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(publicEnv)).digest('hex');
}

function buildIfNeeded() {
  const stampFile = join(root, distDir, 'start-stamp.json');
  const buildId = join(root, distDir, 'BUILD_ID');
  const stamp = buildStamp();
  if (existsSync(buildId) && existsSync(stampFile)) {
    const previous = JSON.parse(readFileSync(stampFile, 'utf8'));
    const sourcesTime = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
    if (previous.stamp === stamp && sourcesTime <= statSync(buildId).mtimeMs) {
      log('web app is built and up to date');
      return;
    }
  }
  log('building the web app (next build)...');
  const started = Date.now();
  const result = spawnSync(bin('next'), ['build'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[start] next build failed');
    process.exit(result.status ?? 1);
  }
  writeFileSync(stampFile, JSON.stringify({ stamp }));
  log(`built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const children = [];
let stopping = false;

/**
 * `detached` puts a child in its own process group, so a Ctrl-C in the terminal reaches only this
 * supervisor, which then stops each child once, in order. The API server also watches SUPERVISOR_PID
 * and stops if this process dies without a signal.
 */
function run(name, command, args, { detached = false, childEnv = env } = {}) {
  const child = spawn(command, args, {
    cwd: root,
    env: childEnv,
    detached,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`[start] ${name} exited (${signal ?? code}); stopping`);
      void stop(code || 1);
    }
  });
  return child;
}

async function waitFor(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return false;
    try {
      const response = await fetch(url, { redirect: 'manual' });
      if (response.status < 500) return true;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  log('stopping...');
  // The web app first, then the API server (which stops its database last).
  for (const child of [...children].reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    await new Promise((resolve) => {
      child.once('exit', resolve);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  }
  process.exit(code);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

const started = Date.now();
if (!dev) buildIfNeeded();

run('api', bin('tsx'), dev ? ['watch', '--clear-screen=false', 'server/main.ts'] : ['server/main.ts'], {
  detached: true,
  childEnv: apiEnv,
});
const apiUrl = `http://${env.API_HOST}:${env.API_PORT}`;
if (!(await waitFor(`${apiUrl}/health`, 120_000))) {
  console.error('[start] the API server did not become healthy in 120 s');
  await stop(1);
}

if (studioEnabled) {
  run('studio', bin('tsx'), ['studio/server/main.ts'], { detached: true });
  if (!(await waitFor(`http://127.0.0.1:${env.STUDIO_PORT}/`, 60_000))) {
    console.error('[start] the game studio did not answer in 60 s');
    await stop(1);
  }
}

run('web', process.execPath, [
  '--import',
  './scripts/exit-with-supervisor.mjs',
  join(root, 'node_modules', 'next', 'dist', 'bin', 'next'),
  dev ? 'dev' : 'start',
  '-H',
  env.WEB_HOST,
  '-p',
  env.WEB_PORT,
]);
const webUrl = `http://${env.WEB_HOST === '127.0.0.1' ? 'localhost' : env.WEB_HOST}:${env.WEB_PORT}`;
if (!(await waitFor(`http://${env.WEB_HOST}:${env.WEB_PORT}/`, 120_000))) {
  console.error('[start] the web app did not answer in 120 s');
  await stop(1);
}
log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
log(`web app:    ${webUrl}`);
log(`API server: ${apiUrl}`);
if (studioEnabled) log(`game studio: http://localhost:${env.STUDIO_PORT} (the slots and live tables)`);
if (apiEnv.NODE_ENV !== 'production') {
  log('!!! DEVELOPMENT HELPERS ARE ON: /dev/outbox (one-time codes in plain text), sandbox payments and');
  log('!!! sandbox social log-in, demo players with published passwords. Do not expose this to a network;');
  log('!!! for a deployment set NODE_ENV=production and JWT_SECRET (README, "Production checklist").');
}
log('press Ctrl-C to stop');
