#!/usr/bin/env node
/**
 * `npm run test:unit` (and so `npm test`) runs this first: the multi-process crash tests and the Redis bus
 * and lease tests start their own `redis-server` (server/test/redis-server.ts). Finds one that starts
 * (REDIS_SERVER_PATH, else `redis-server` on PATH), installs Debian's package when there is none and this
 * runs as root or with password-less sudo (as scripts/browser.mjs does for Chromium), or stops with one
 * sentence saying what to run. REDIS_INSTALL=0 forbids the install.
 */
import { spawnSync } from 'node:child_process';

const NO_REDIS =
  'No redis-server for the multi-process tests was found and none could be installed: run ' +
  '`sudo apt-get install redis-server` (Debian/Ubuntu; other systems: install Redis 6 or newer) or set ' +
  'REDIS_SERVER_PATH to its executable, then run the tests again.';

/** @param {string} command @param {string[]} args @param {{ inherit?: boolean }} [options] */
function run(command, args, options = {}) {
  const result = spawnSync(command, args, {
    stdio: options.inherit ? 'inherit' : 'pipe',
    encoding: 'utf8',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    timeout: options.inherit ? 15 * 60_000 : 30_000,
  });
  return { ok: result.status === 0, output: `${result.stdout ?? ''}${result.stderr ?? ''}`.trim() };
}

function found() {
  const explicit = process.env.REDIS_SERVER_PATH?.trim();
  const result = run(explicit || 'redis-server', ['--version']);
  if (result.ok) return result.output.split('\n')[0];
  if (explicit) {
    console.error(
      `[redis] REDIS_SERVER_PATH is ${explicit}, which does not start: point it at a redis-server executable, or unset it.`,
    );
    process.exit(1);
  }
  return undefined;
}

let version = found();
if (!version && !['0', 'false', 'no'].includes((process.env.REDIS_INSTALL ?? '').trim().toLowerCase())) {
  const asRoot = process.getuid?.() === 0 ? [] : run('sudo', ['-n', 'true']).ok ? ['sudo', '-n'] : null;
  if (asRoot && run('sh', ['-c', 'command -v apt-get']).ok) {
    console.log(
      `[redis] No redis-server was found; installing it (${[...asRoot, 'apt-get install redis-server'].join(' ')})`,
    );
    const [command, ...prefix] = [...asRoot, 'apt-get'];
    if (
      run(command, [...prefix, 'update', '-qq'], { inherit: true }).ok &&
      run(command, [...prefix, 'install', '-y', '-qq', 'redis-server'], { inherit: true }).ok
    ) {
      version = found();
    }
  }
}
if (!version) {
  console.error(`[redis] ${NO_REDIS}`);
  process.exit(1);
}
console.log(`[redis] ${version}`);
