import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBinaries } from './embedded-cluster';
import { startEmbeddedPostgres, type EmbeddedPostgres, type EmbeddedPostgresOptions } from './embedded';

/**
 * A checkout inside a directory other users cannot enter (as a clone under /root is): the binaries and
 * DATA_DIR are out of the `postgres` user's reach. Only meaningful as root (otherwise postgres runs as
 * the caller, who can reach its own files).
 */
const asRoot = process.getuid?.() === 0;

let root: string;
let locked: string;
let binaries: { initdb: string; postgres: string };
let copyName: string;
const messages: string[] = [];
const log = {
  debug: () => undefined,
  info: (m: string) => void messages.push(m),
  warn: (m: string) => void messages.push(m),
  error: (m: string) => void messages.push(m),
};
const running: EmbeddedPostgres[] = [];

beforeAll(async () => {
  if (!asRoot) return;
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'casino-reach-'));
  fs.chmodSync(root, 0o755);
  locked = path.join(root, 'locked');
  fs.mkdirSync(locked, { mode: 0o700 });
  fs.chmodSync(locked, 0o700);
  // The npm package's binaries, placed inside the locked directory as an install there would be.
  const source = await loadBinaries();
  const pkg = path.dirname(path.dirname(path.dirname(source.postgres)));
  execFileSync('cp', ['-a', '-l', pkg, path.join(locked, 'pkg')]);
  const native = path.join(locked, 'pkg', 'native');
  binaries = { initdb: path.join(native, 'bin', 'initdb'), postgres: path.join(native, 'bin', 'postgres') };
  const { version } = createRequire(import.meta.url)(path.join(pkg, 'package.json')) as { version: string };
  copyName = `casino-postgres-${version}-${os.platform()}-${os.arch()}`;
});

afterAll(async () => {
  for (const instance of running.reverse()) await instance.stop();
  if (root) fs.rmSync(root, { recursive: true, force: true });
});

/**
 * Where one test's copy of the binaries (`cache`, made here as root's, mode 755) and its relocated clusters
 * go: directories of its own, so no test finds a copy or a cluster another one made.
 */
function sharedDirs(test: string): { binaries: string[]; clusters: string } {
  const cache = path.join(root, test, 'cache');
  fs.mkdirSync(cache, { recursive: true, mode: 0o755 });
  return { binaries: [cache], clusters: path.join(root, test, 'clusters') };
}

async function start(
  dataDir: string,
  shared: NonNullable<EmbeddedPostgresOptions['shared']>,
  extra: Partial<EmbeddedPostgresOptions> = {},
) {
  messages.length = 0;
  const instance = await startEmbeddedPostgres({
    dataDir,
    port: 0,
    log,
    ephemeral: true,
    binaries,
    shared,
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

describe.runIf(asRoot)('embedded PostgreSQL from a directory the postgres user cannot enter', () => {
  it('runs a copy of the binaries and keeps the cluster where that user can reach it', async () => {
    // The situation being fixed: the binaries as installed do not run as that user.
    expect(() =>
      execFileSync(binaries.postgres, ['--version'], { uid: Number(execFileSync('id', ['-u', 'postgres'])) }),
    ).toThrow(/EACCES/);

    const shared = sharedDirs('first');
    const dataDir = path.join(locked, 'data');
    const first = await start(dataDir, shared);
    await query(first.url, "CREATE TABLE kept (v text); INSERT INTO kept VALUES ('here')");

    const copy = path.join(shared.binaries[0], copyName);
    expect(messages).toContain(`Copying the PostgreSQL binaries to ${copy}`);
    expect(fs.statSync(copy).mode & 0o777).toBe(0o755);
    expect(fs.existsSync(path.join(copy, 'bin', 'postgres'))).toBe(true);
    const link = path.join(dataDir, 'postgres');
    expect(fs.lstatSync(link).isSymbolicLink()).toBe(true);
    const cluster = fs.realpathSync(link);
    expect(cluster.startsWith(shared.clusters + path.sep)).toBe(true);
    expect(fs.existsSync(path.join(cluster, 'PG_VERSION'))).toBe(true);
    expect(fs.statSync(cluster).mode & 0o777).toBe(0o700);
    // The credentials stay in DATA_DIR, root's alone.
    expect(fs.statSync(path.join(dataDir, 'postgres-auth.json')).mode & 0o777).toBe(0o600);

    await first.stop();
    const second = await start(dataDir, shared);
    expect(messages.some((m) => m.startsWith('Copying'))).toBe(false); // the copy is reused
    expect(messages.some((m) => m.startsWith('Creating'))).toBe(false); // and the cluster
    expect(await query(second.url, 'SELECT v FROM kept')).toEqual([{ v: 'here' }]);
    await second.stop();
  });

  it('skips a copy location someone else owns', async () => {
    const foreign = path.join(root, 'foreign');
    fs.mkdirSync(path.join(foreign, copyName), { recursive: true, mode: 0o755 });
    fs.chownSync(path.join(foreign, copyName), 65534, 65534);
    const own = sharedDirs('foreign-first');
    const instance = await start(path.join(locked, 'data-foreign'), {
      ...own,
      binaries: [foreign, ...own.binaries],
    });
    expect(await query(instance.url, 'SELECT 1 AS one')).toEqual([{ one: 1 }]);
    expect(
      messages.some((m) => m.includes(`using the copy in ${path.join(own.binaries[0], copyName)}`)),
    ).toBe(true);
    await instance.stop();
  });

  it('never moves an existing cluster out of reach, and says exactly what to do', async () => {
    const dataDir = path.join(locked, 'old');
    fs.mkdirSync(path.join(dataDir, 'postgres'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'postgres', 'PG_VERSION'), '18\n');
    await expect(start(dataDir, sharedDirs('old'))).rejects.toThrow(
      new RegExp(
        `cannot enter ${locked} \\(mode 700\\), so it cannot reach the cluster in ${dataDir}/postgres\\. ` +
          `Either allow it \\(chmod o\\+x ${locked}\\), or move the cluster .*: mkdir -p -m 755 .* && mv ` +
          `${dataDir}/postgres .* && ln -s `,
      ),
    );
  });
});
