/**
 * A throw-away embedded PostgreSQL of the calling test file alone, migrated, for tests that stop, freeze
 * or kill the database (the shared cluster of global-setup.ts serves every other file in parallel and
 * must never be touched). Stopped and removed after the file's tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { createDb } from '../db/client';
import { startEmbeddedPostgres } from '../db/embedded';
import { migrateDatabase } from '../db/migrate';
import { UNLIMITED_STATEMENTS } from '../db/pool';

export interface OwnPostgres {
  url: string;
  /** PID of the postmaster. */
  pid: number;
  /** SIGSTOP to the postmaster and every backend: the server stalls, connections stay open. */
  freeze(): void;
  /** SIGCONT: the server carries on where it stopped. */
  thaw(): void;
}

export async function startOwnPostgres(prefix: string): Promise<OwnPostgres> {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `casino-${prefix}-`));
  fs.chmodSync(root, 0o755); // the postgres user must be able to enter it when tests run as root
  const quiet = () => undefined;
  const embedded = await startEmbeddedPostgres({
    dataDir: root,
    port: 0,
    ephemeral: true,
    log: { debug: quiet, info: quiet, warn: console.warn, error: console.error },
  });
  let frozen = false;
  // Each backend is a process group of its own (PostgreSQL calls setsid in every child): signal the
  // postmaster first (no new children), then each of its children.
  const signal = (name: NodeJS.Signals) => {
    process.kill(embedded.pid, name);
    for (const child of childrenOf(embedded.pid)) {
      try {
        process.kill(child, name);
      } catch {
        // exited meanwhile
      }
    }
  };
  const thawOnExit = () => signal('SIGCONT');
  afterAll(async () => {
    if (frozen) signal('SIGCONT');
    await embedded.stop();
    fs.rmSync(root, { recursive: true, force: true });
  });
  const migrator = createDb(embedded.url, { max: 2, timeouts: UNLIMITED_STATEMENTS });
  try {
    await migrateDatabase(migrator);
  } finally {
    await migrator.pool.end();
  }
  return {
    url: embedded.url,
    pid: embedded.pid,
    freeze() {
      frozen = true;
      // Should this process die meanwhile, the server must not stay stopped (it could never shut down).
      process.once('exit', thawOnExit);
      signal('SIGSTOP');
    },
    thaw() {
      signal('SIGCONT');
      frozen = false;
      process.removeListener('exit', thawOnExit);
    },
  };
}

function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      // "pid (comm) state ppid ...": the fields after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === pid) children.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return children;
}
