import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const dataRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-main-'));
/**
 * How long a fresh server may take to answer /health (initdb, migrations, seeds): generous, since the
 * suite runs beside other work on two cores; a healthy boot takes 3 to 6 s.
 */
const BOOT_DEADLINE_MS = 45_000;
fs.chmodSync(dataRoot, 0o755);
afterAll(() => fs.rmSync(dataRoot, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('server/main.ts', () => {
  it(
    'boots on an empty DATA_DIR, serves /health, and on SIGTERM stops PostgreSQL and exits 0',
    async () => {
      const dataDir = path.join(dataRoot, 'data');
      const [apiPort, pgPort] = [await freePort(), await freePort()];
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: repoRoot,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          API_HOST: '127.0.0.1',
          API_PORT: String(apiPort),
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(pgPort),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        child.once('exit', (code, signal) => resolve({ code, signal })),
      );

      try {
        const deadline = Date.now() + BOOT_DEADLINE_MS;
        let health: unknown;
        while (Date.now() < deadline && child.exitCode === null) {
          try {
            const response = await fetch(`http://127.0.0.1:${apiPort}/health`);
            health = await response.json();
            break;
          } catch {
            await new Promise((r) => setTimeout(r, 100));
          }
        }
        expect(health, output).toEqual({ status: 'ok', db: 'ok' });
        expect(output).toContain(`API listening on http://127.0.0.1:${apiPort}`);

        const postmasterPid = Number(
          fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
        );
        expect(isAlive(postmasterPid)).toBe(true);

        child.kill('SIGTERM');
        expect(await exited, output).toEqual({ code: 0, signal: null });
        expect(isAlive(postmasterPid)).toBe(false);
        expect(fs.existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    BOOT_DEADLINE_MS + 15_000,
  );
});

describe('server/main.ts without NODE_ENV', () => {
  /** The environment of `npm run api` on a machine where NODE_ENV is not set (vitest sets it: drop it). */
  const bareEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => {
    const env: Record<string, string | undefined> = { ...process.env, DATABASE_URL: '', LOG_LEVEL: 'info' };
    delete env.NODE_ENV;
    delete env.JWT_SECRET;
    // (Next's typing of ProcessEnv requires NODE_ENV; this environment deliberately has none.)
    return { ...env, ...extra } as NodeJS.ProcessEnv;
  };

  it(
    'runs as production: refuses to start without JWT_SECRET and says why',
    async () => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: repoRoot,
        env: bareEnv({ DATA_DIR: path.join(dataRoot, 'no-secret'), API_PORT: String(await freePort()) }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      expect(code, output).toBe(1);
      expect(output).toContain('JWT_SECRET: required when NODE_ENV=production');
      expect(output).toContain('NODE_ENV is unset, which means production');
    },
    BOOT_DEADLINE_MS + 15_000,
  );

  it(
    'with JWT_SECRET serves no development helpers and seeds no demo players',
    async () => {
      const dataDir = path.join(dataRoot, 'production');
      const [apiPort, pgPort] = [await freePort(), await freePort()];
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: repoRoot,
        env: bareEnv({
          API_HOST: '127.0.0.1',
          API_PORT: String(apiPort),
          DATA_DIR: dataDir,
          EMBEDDED_PG_PORT: String(pgPort),
          JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
        }),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
      const base = `http://127.0.0.1:${apiPort}`;
      try {
        const deadline = Date.now() + BOOT_DEADLINE_MS;
        let healthy = false;
        while (Date.now() < deadline && child.exitCode === null && !healthy) {
          healthy = await fetch(`${base}/health`).then(
            (r) => r.ok,
            () => false,
          );
          if (!healthy) await new Promise((r) => setTimeout(r, 100));
        }
        expect(healthy, output).toBe(true);
        expect(output).not.toContain('development helpers are ON');
        expect((await fetch(`${base}/dev/outbox?to=demo@aurum.example`)).status).toBe(404);
        expect((await fetch(`${base}/sandbox/invoices/1`)).status).toBe(404);
        const demoLogin = await fetch(`${base}/api/v2/auth/login/email/password`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'demo@aurum.example', password: 'demo12345' }),
        });
        expect(demoLogin.status, await demoLogin.text()).toBe(422);
        child.kill('SIGTERM');
        expect(await exited, output).toBe(0);
      } finally {
        if (child.exitCode === null) child.kill('SIGKILL');
      }
    },
    BOOT_DEADLINE_MS + 15_000,
  );
});
