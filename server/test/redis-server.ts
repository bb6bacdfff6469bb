/**
 * A throw-away Redis for a test file: Debian's `redis-server` on a free loopback port, nothing written to
 * disk, stopped after the file's tests (and killed if the test process exits first). `scripts/ensure-redis.mjs`
 * (run by `npm run test:unit`, and `.ci/run`) installs it where it is missing.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll } from 'vitest';

export const NO_REDIS_SERVER =
  'The multi-process tests need Redis: install `redis-server` (Debian/Ubuntu: `sudo apt-get install redis-server`; ' +
  '`node scripts/ensure-redis.mjs` does it when run as root) or set REDIS_SERVER_PATH to its executable, then run the tests again.';

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface TestRedis {
  url: string;
  port: number;
  stop(): Promise<void>;
}

/** Starts redis-server and waits until it answers; stopped after the calling file's tests. */
export async function startRedisServer(): Promise<TestRedis> {
  const executable = process.env.REDIS_SERVER_PATH?.trim() || 'redis-server';
  const probe = spawnSync(executable, ['--version'], { encoding: 'utf8' });
  if (probe.error || probe.status !== 0) throw new Error(NO_REDIS_SERVER);
  const port = await freePort();
  const child = spawn(
    executable,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  running.add(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    running.delete(child);
  };
  afterAll(stop);
  const deadline = Date.now() + 10_000;
  while (!(await answers(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`redis-server did not start on port ${port}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { url: `redis://127.0.0.1:${port}`, port, stop };
}

/** Whether a Redis on the port answers PING. */
function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
