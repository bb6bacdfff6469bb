/**
 * The embedded PostgreSQL's processes: postmaster.pid, liveness, ports, the start lock, spawning the
 * postmaster in its own process group and stopping it. Used by `embedded.ts`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { childEnv, type Binaries, type EmbeddedLog, type Paths, type RunAs } from './embedded-cluster';

const READY_TIMEOUT_MS = 60_000;

const START_LOCK_TIMEOUT_MS = 120_000;

/** An exclusive lock file held while one process initialises or starts the cluster. */
export async function acquireStartLock(paths: Paths, log: EmbeddedLog): Promise<() => Promise<void>> {
  const deadline = Date.now() + START_LOCK_TIMEOUT_MS;
  let waiting = false;
  for (;;) {
    try {
      await fsp.writeFile(paths.lock, `${process.pid}\n`, { flag: 'wx' });
      return async () => {
        if ((await fsp.readFile(paths.lock, 'utf8').catch(() => '')).trim() === String(process.pid)) {
          await fsp.rm(paths.lock, { force: true });
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number((await fsp.readFile(paths.lock, 'utf8').catch(() => '')).trim());
    if (
      Number.isInteger(holder) &&
      holder > 0 &&
      (holder === process.pid || processState(holder) === 'alive')
    ) {
      if (Date.now() > deadline) {
        throw new Error(
          `Process ${holder} has been starting the embedded PostgreSQL in ${paths.dataDir} for too long`,
        );
      }
      if (!waiting) log.info(`Waiting for process ${holder}, which is starting the embedded PostgreSQL`);
      waiting = true;
      await delay(100);
    } else {
      // Left behind by a process that died mid-start (or unreadable): take it over.
      await fsp.rm(paths.lock, { force: true });
    }
  }
}

export interface PostmasterInfo {
  pid: number;
  port: number;
  status: string;
}

export async function readPostmasterPid(cluster: string): Promise<PostmasterInfo | undefined> {
  let raw: string;
  try {
    raw = await fsp.readFile(path.join(cluster, 'postmaster.pid'), 'utf8');
  } catch {
    return undefined;
  }
  const lines = raw.split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0) return undefined;
  return { pid, port, status: (lines[7] ?? '').trim() };
}

export type ProcessState = 'alive' | 'zombie' | 'dead';

export function processState(pid: number): ProcessState {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return 'dead';
  }
  try {
    // "pid (comm) S ..." — the state letter follows the last ')'.
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z' ? 'zombie' : 'alive';
  } catch {
    return 'alive'; // no procfs: trust kill(0)
  }
}

/** False only when procfs positively says the pid belongs to something other than postgres. */
export function looksLikePostgres(pid: number): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim().startsWith('postgres');
  } catch {
    return true;
  }
}

export async function readOwner(paths: Paths): Promise<number | undefined> {
  const raw = await fsp.readFile(paths.owner, 'utf8').catch(() => '');
  const pid = Number(raw.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

export async function writeOwner(paths: Paths): Promise<void> {
  await fsp.writeFile(paths.owner, `${process.pid}\n`);
}

export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
  });
}

export async function spawnPostmaster(
  paths: Paths,
  port: number,
  runAs: RunAs | undefined,
  ephemeral: boolean,
  log: EmbeddedLog,
  { postgres }: Binaries,
): Promise<{ child: ChildProcess; exited: Promise<string> }> {
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    ...(ephemeral
      ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }
      : {
          // Rotate the server log weekly inside the cluster (`postgres/log/postgresql-Mon.log` ...).
          logging_collector: 'on',
          log_filename: 'postgresql-%a.log',
          log_truncate_on_rotation: 'on',
          log_rotation_age: '1d',
          log_rotation_size: '0',
        }),
  };
  const args = ['-D', paths.cluster, '-p', String(port)];
  for (const [key, value] of Object.entries(settings)) args.push('-c', `${key}=${value}`);

  const logOffset = await fsp.stat(paths.log).then(
    (s) => s.size,
    () => 0,
  );
  const logFd = fs.openSync(paths.log, 'a');
  let child: ChildProcess;
  try {
    // Own process group: a Ctrl-C meant for the API server must not reach the database first.
    child = spawn(postgres, args, {
      ...runAs,
      env: childEnv(),
      detached: true,
      stdio: ['ignore', logFd, logFd],
    });
  } finally {
    fs.closeSync(logFd);
  }
  child.unref();
  const exited = new Promise<string>((resolve) => {
    child.once('error', (error) => resolve(`spawn failed: ${error.message}`));
    child.once('exit', (code, signal) => resolve(signal ? `signal ${signal}` : `exit code ${code}`));
  });
  let exitReason: string | undefined;
  void exited.then((reason) => (exitReason = reason));

  log.debug(`Starting embedded PostgreSQL: ${postgres} ${args.join(' ')}`);
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (exitReason !== undefined) {
      const tail = await readLogTail(paths.log, logOffset);
      throw new Error(
        `Embedded PostgreSQL failed to start (${exitReason}). Its log (${paths.log}) says:\n${tail}`,
      );
    }
    const info = await readPostmasterPid(paths.cluster);
    if (info && info.pid === child.pid && info.status === 'ready') return { child, exited };
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(
        `Embedded PostgreSQL did not become ready within ${READY_TIMEOUT_MS / 1000} s; see ${paths.log}`,
      );
    }
    await delay(50);
  }
}

async function readLogTail(file: string, offset: number): Promise<string> {
  const content = await fsp.readFile(file, 'utf8').catch(() => '');
  return content.slice(offset).trim().split('\n').slice(-15).join('\n') || '(empty)';
}

/** Fast shutdown (SIGINT); escalate to immediate (SIGQUIT) and then SIGKILL if it hangs. */
export async function stopPostmaster(
  pid: number,
  exited: Promise<string> | undefined,
  paths: Paths,
  log: EmbeddedLog,
): Promise<void> {
  const gone = async (timeoutMs: number): Promise<boolean> => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (processState(pid) !== 'alive') {
        await exited; // our own child: let node reap it
        return true;
      }
      await delay(25);
    }
    return false;
  };
  const signals: [NodeJS.Signals, number][] = [
    ['SIGINT', 15_000],
    ['SIGQUIT', 5_000],
    ['SIGKILL', 5_000],
  ];
  for (const [signal, timeoutMs] of signals) {
    if (processState(pid) !== 'alive') break;
    try {
      process.kill(pid, signal);
    } catch {
      break;
    }
    if (await gone(timeoutMs)) break;
    log.warn(`Embedded PostgreSQL (pid ${pid}) did not stop after ${signal}`);
  }
  if ((await readOwner(paths)) === process.pid) await fsp.rm(paths.owner, { force: true });
  log.info('Embedded PostgreSQL stopped');
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
