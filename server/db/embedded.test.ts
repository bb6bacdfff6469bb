import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded';

let root: string;
const messages: string[] = [];
const log = {
  debug: () => undefined,
  info: (m: string) => void messages.push(m),
  warn: (m: string) => void messages.push(m),
  error: (m: string) => void messages.push(m),
};
const running: EmbeddedPostgres[] = [];

/** Starts (or attaches to) the cluster in `root/dir`; each test uses a directory of its own. */
async function start({ dir, ...extra }: { dir: string; port?: number; adoptOrphaned?: boolean }) {
  messages.length = 0;
  const instance = await startEmbeddedPostgres({
    dataDir: path.join(root, dir),
    port: 0,
    log,
    ephemeral: true,
    ...extra,
  });
  running.push(instance);
  return instance;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return !fs.readFileSync(`/proc/${pid}/stat`, 'utf8').includes(') Z ');
  } catch {
    return false;
  }
};

async function waitUntil(condition: () => boolean, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/**
 * A stopped cluster with a table `kept` holding one row, made once for the file: `clusterCopy` gives a test
 * a cluster of its own from it without another initdb.
 */
const TEMPLATE = 'template';

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-embedded-'));
  fs.chmodSync(root, 0o755);
  const template = await start({ dir: TEMPLATE });
  await query(template.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('survives restarts')");
  await template.stop();
});

/** A copy of the stopped template cluster in `dir` (`cp -a` keeps its owner, the postgres user as root). */
function clusterCopy(dir: string) {
  execFileSync('cp', ['-a', path.join(root, TEMPLATE), path.join(root, dir)]);
  return dir;
}

afterAll(async () => {
  for (const instance of running.reverse()) await instance.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('startEmbeddedPostgres', () => {
  it('creates a cluster on first start, with a private password and the app database', async () => {
    const pgA = await start({ dir: 'created' });
    expect(messages.some((m) => m.startsWith('Creating a PostgreSQL cluster'))).toBe(true);
    expect(pgA.owned).toBe(true);
    expect(pgA.url).toMatch(/^postgres:\/\/postgres:[^@]+@127\.0\.0\.1:\d+\/casino$/);
    expect(fs.statSync(path.join(root, 'created', 'postgres-auth.json')).mode & 0o777).toBe(0o600);
    await query(pgA.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('written')");
    expect(await query(pgA.url, 'SELECT v FROM kept')).toEqual([{ v: 'written' }]);
    await expect(query(pgA.url.replace(/:[^:@/]+@/, ':wrong@'), 'SELECT 1')).rejects.toThrow(/password/);
  });

  it('stops the postmaster and starts again on the existing cluster without initdb', async () => {
    const dir = clusterCopy('restarted');
    const pgA = await start({ dir });
    await query(pgA.url, "INSERT INTO kept VALUES ('written before the stop')");
    await pgA.stop();
    expect(alive(pgA.pid)).toBe(false);
    expect(fs.existsSync(path.join(root, dir, 'postgres', 'postmaster.pid'))).toBe(false);

    const pgB = await start({ dir });
    expect(messages.some((m) => m.startsWith('Creating'))).toBe(false);
    expect(await query(pgB.url, 'SELECT v FROM kept ORDER BY v DESC')).toEqual([
      { v: 'written before the stop' },
      { v: 'survives restarts' },
    ]);
  });

  it('attaches to a postmaster another live process owns instead of starting a second one', async () => {
    const dir = clusterCopy('attached');
    const owner = await start({ dir });
    const client = await start({ dir });
    expect(client).toMatchObject({ owned: false, pid: owner.pid, port: owner.port });
    await client.stop();
    expect(alive(owner.pid)).toBe(true);
    expect(await query(owner.url, 'SELECT count(*)::int AS n FROM kept')).toEqual([{ n: 1 }]);
  });

  it('recovers from a postmaster killed with -9 (stale postmaster.pid)', async () => {
    const dir = clusterCopy('killed');
    const victim = await start({ dir });
    process.kill(victim.pid, 'SIGKILL');
    await waitUntil(() => !alive(victim.pid));
    expect(fs.existsSync(path.join(root, dir, 'postgres', 'postmaster.pid'))).toBe(true);

    const pgC = await start({ dir });
    expect(messages.some((m) => m.startsWith('Removing stale'))).toBe(true);
    expect(pgC.owned).toBe(true);
    expect(await query(pgC.url, 'SELECT v FROM kept')).toEqual([{ v: 'survives restarts' }]);
  });

  it('adopts a postmaster whose owner died when asked to, and stops it', async () => {
    const dir = clusterCopy('orphaned');
    const orphan = await start({ dir });
    const deadPid = spawnSync(process.execPath, ['-e', '']).pid as number;
    fs.writeFileSync(path.join(root, dir, 'postgres.owner'), `${deadPid}\n`);

    const adopter = await start({ dir, adoptOrphaned: true });
    expect(adopter).toMatchObject({ owned: true, pid: orphan.pid });
    await adopter.stop();
    expect(alive(orphan.pid)).toBe(false);
  });

  it('refuses a port that another process holds, saying which', async () => {
    const dir = clusterCopy('blocked');
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      await expect(start({ dir, port })).rejects.toThrow(
        new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use.*EMBEDDED_PG_PORT`),
      );
    } finally {
      blocker.close();
    }
  });

  it('lets two processes starting at once share one postmaster', async () => {
    const [first, second] = await Promise.all([start({ dir: 'shared' }), start({ dir: 'shared' })]);
    expect(first.pid).toBe(second.pid);
    expect([first.owned, second.owned].sort()).toEqual([false, true]);
    expect(fs.existsSync(path.join(root, 'shared', 'postgres.lock'))).toBe(false);
    expect(await query(second.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
  });
});
