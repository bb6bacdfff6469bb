/**
 * As root, the embedded PostgreSQL runs as the `postgres` system user, which must reach its binaries
 * (under node_modules) and its cluster (under DATA_DIR). A clone inside a directory other users cannot
 * enter (anything under /root, or a 0700 directory) would fail with a bare `spawn … initdb EACCES`. So:
 *
 * - Binaries: when `postgres --version` does not run as that user, the package's `native/` tree (bin,
 *   lib, share) is copied once to a versioned directory it can reach (os.tmpdir(), /var/tmp or /tmp,
 *   whichever works first): written to a private staging directory, made world-readable, renamed into
 *   place atomically, reused by later starts after checking it is root's, not writable by others,
 *   complete and runs.
 * - Cluster: when the user cannot walk down to DATA_DIR, the cluster lives in
 *   /var/lib/casino-postgres/<hash of DATA_DIR>/postgres (root's directories, 0755; the cluster itself
 *   0700 and the user's), and DATA_DIR/postgres is a symbolic link to it. The credentials, log and lock
 *   files stay in DATA_DIR (only root reads them). An existing cluster inside an unreachable DATA_DIR is
 *   never moved: the error says how to move it or open the path.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Binaries, EmbeddedLog, Paths, RunAs } from './embedded-cluster';

export const CLUSTERS_DIR = '/var/lib/casino-postgres';

export function binaryCacheDirs(): string[] {
  return [...new Set([os.tmpdir(), '/var/tmp', '/tmp'])];
}

/** Where root keeps what the `postgres` user must reach; tests point these at their own directories. */
export interface SharedDirs {
  /** Candidate parents of the copy of the binaries, in order. Default: binaryCacheDirs(). */
  binaries?: string[];
  /** Parent of the clusters of unreachable DATA_DIRs. Default CLUSTERS_DIR. */
  clusters?: string;
}

/** The binaries as given when `runAs` can run them, else a copy it can run (see the module comment). */
export async function reachableBinaries(
  source: Binaries,
  runAs: RunAs,
  log: EmbeddedLog,
  dirs: string[] = binaryCacheDirs(),
): Promise<Binaries> {
  const direct = await runsAs(source.postgres, runAs);
  if (direct.ok) return source;
  const native = path.dirname(path.dirname(source.postgres));
  const name = `casino-postgres-${await versionOf(native)}-${os.platform()}-${os.arch()}`;
  const failures: string[] = [];
  for (const dir of dirs) {
    try {
      const copy = await copyOnce(native, path.join(dir, name), runAs, log);
      log.info(
        `The "postgres" user cannot run ${source.postgres} (${direct.output}); using the copy in ${copy}`,
      );
      return { initdb: path.join(copy, 'bin', 'initdb'), postgres: path.join(copy, 'bin', 'postgres') };
    } catch (error) {
      failures.push(`${dir}: ${(error as Error).message}`);
    }
  }
  throw new Error(
    `The "postgres" user, which runs the embedded PostgreSQL, cannot run ${source.postgres} ` +
      `(${direct.output}), and no copy it can run could be made (${failures.join('; ')}). ` +
      `Let it reach the binaries (chmod o+x on each directory above ${native}), or set DATABASE_URL.`,
  );
}

async function copyOnce(native: string, target: string, runAs: RunAs, log: EmbeddedLog): Promise<string> {
  const base = path.dirname(target);
  await assertRootOwnedChain(base);
  const expected = await fingerprint(native);
  if (await usableCopy(target, expected, runAs)) return target;
  // Not there, or unusable and ours: (re)build it beside, then swap it in with one rename.
  const staging = await fsp.mkdtemp(path.join(base, `.${path.basename(target)}-`));
  try {
    const tree = path.join(staging, 'tree');
    log.info(`Copying the PostgreSQL binaries to ${target}`);
    await fsp.cp(native, tree, {
      recursive: true,
      verbatimSymlinks: true,
      filter: (file) => !file.endsWith('.a'), // static libraries: not needed to run
    });
    await openUp(tree);
    await fsp.writeFile(path.join(tree, '.complete'), `${expected}\n`, { mode: 0o644 });
    // Another process may have put a good copy in place meanwhile (and be running it): keep that one.
    if (await usableCopy(target, expected, runAs)) return target;
    await fsp.rm(target, { recursive: true, force: true });
    try {
      await fsp.rename(tree, target);
    } catch (error) {
      // Another process put its copy in place first: use it if it is good.
      if (!['EEXIST', 'ENOTEMPTY', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? ''))
        throw error;
    }
  } finally {
    await fsp.rm(staging, { recursive: true, force: true });
  }
  if (!(await usableCopy(target, expected, runAs))) {
    throw new Error(`the copy in ${target} does not run as "postgres" (a noexec mount?)`);
  }
  return target;
}

async function usableCopy(target: string, expected: string, runAs: RunAs): Promise<boolean> {
  const st = await fsp.lstat(target).catch(() => undefined);
  if (!st) return false;
  if (!st.isDirectory() || st.uid !== process.getuid?.() || (st.mode & 0o022) !== 0) {
    throw new Error(`${target} exists but is not a directory of this user that only it can write`);
  }
  const marker = await fsp.readFile(path.join(target, '.complete'), 'utf8').catch(() => '');
  if (marker.trim() !== expected) return false;
  return (await runsAs(path.join(target, 'bin', 'postgres'), runAs)).ok;
}

/** Directories 0755, files 0644 (0755 when executable): the `postgres` user reads what root copied. */
async function openUp(dir: string): Promise<void> {
  await fsp.chmod(dir, 0o755);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) await openUp(file);
    else if (entry.isFile()) {
      const { mode } = await fsp.stat(file);
      await fsp.chmod(file, mode & 0o111 ? 0o755 : 0o644);
    }
  }
}

/** The package's version and the size of its postgres binary: a copy is reused only for the same. */
async function versionOf(native: string): Promise<string> {
  const pkg = await fsp.readFile(path.join(native, '..', 'package.json'), 'utf8').catch(() => '{}');
  const version = (JSON.parse(pkg) as { version?: unknown }).version;
  return typeof version === 'string' && /^[\w.+-]+$/.test(version) ? version : 'unknown';
}

async function fingerprint(native: string): Promise<string> {
  const { size } = await fsp.stat(path.join(native, 'bin', 'postgres'));
  return `${await versionOf(native)} ${size}`;
}

/**
 * Each directory from `dir` up to `/` belongs to root (this process's user) and only root can rename
 * things in it (not writable by others, or sticky like /tmp): nobody else can swap in their files.
 */
async function assertRootOwnedChain(dir: string): Promise<void> {
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    const st = await fsp.stat(current);
    const safe = st.uid === process.getuid?.() && ((st.mode & 0o022) === 0 || (st.mode & 0o1000) !== 0);
    if (!safe) throw new Error(`${current} is not owned by this user or others can write to it`);
    if (path.dirname(current) === current) return;
  }
}

/** Runs `<binary> --version` as the user: whether it can reach and execute it (and its libraries). */
export function runsAs(binary: string, runAs: RunAs): Promise<{ ok: boolean; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(binary, ['--version'], {
      ...runAs,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        LC_ALL: 'C',
      } as Partial<NodeJS.ProcessEnv> as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) => resolve({ ok: false, output: error.message }));
    child.once('close', (code) => resolve({ ok: code === 0, output: output.trim() || `exit code ${code}` }));
  });
}

/**
 * The first directory between `/` and `dir` (inclusive) that the user cannot enter, or undefined.
 * Permission bits only (owner, group, others), as PostgreSQL's user has no supplementary groups here.
 */
export async function unreachableDir(
  dir: string,
  runAs: RunAs,
): Promise<{ dir: string; mode: number } | undefined> {
  const chain: string[] = [];
  for (let current = path.resolve(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (path.dirname(current) === current) break;
  }
  for (const current of chain) {
    const st = await fsp.stat(current);
    const ok =
      (st.mode & 0o001) !== 0 ||
      (st.uid === runAs.uid && (st.mode & 0o100) !== 0) ||
      (st.gid === runAs.gid && (st.mode & 0o010) !== 0);
    if (!ok) return { dir: current, mode: st.mode & 0o7777 };
  }
  return undefined;
}

/**
 * Where the cluster of `paths` lives for `runAs`: DATA_DIR/postgres when the user can walk down to
 * DATA_DIR (which is then made enterable by others, o+x, as before), else a directory of root's under
 * `clustersDir`, linked from DATA_DIR/postgres (see the module comment).
 */
export async function placeCluster(
  paths: Paths,
  runAs: RunAs,
  log: EmbeddedLog,
  clustersDir: string = CLUSTERS_DIR,
): Promise<Paths> {
  const own = await fsp.stat(paths.dataDir);
  const blocked = await unreachableDir(path.dirname(paths.dataDir), runAs);
  if (!blocked) {
    if ((own.mode & 0o001) === 0) await fsp.chmod(paths.dataDir, (own.mode & 0o777) | 0o001);
    return paths;
  }
  const home = path.join(clustersDir, createHash('sha256').update(paths.dataDir).digest('hex').slice(0, 16));
  const cluster = path.join(home, 'postgres');
  const why =
    `The "postgres" user, which runs the embedded PostgreSQL, cannot enter ${blocked.dir} ` +
    `(mode ${blocked.mode.toString(8)})`;

  const existing = await fsp.lstat(paths.cluster).catch(() => undefined);
  if (existing?.isSymbolicLink()) {
    const target = path.resolve(paths.dataDir, await fsp.readlink(paths.cluster));
    if (!(await unreachableDir(target, runAs))) return { ...paths, cluster: target };
    throw new Error(`${why}, nor the cluster that ${paths.cluster} links to (${target}).`);
  }
  if (existing) {
    const entries = existing.isDirectory() ? await fsp.readdir(paths.cluster) : ['(a file)'];
    if (entries.length > 0) {
      throw new Error(
        `${why}, so it cannot reach the cluster in ${paths.cluster}. Either allow it (chmod o+x ${blocked.dir}), ` +
          `or move the cluster where it can reach it: mkdir -p -m 755 ${home} && mv ${paths.cluster} ${cluster} ` +
          `&& ln -s ${cluster} ${paths.cluster}`,
      );
    }
    await fsp.rmdir(paths.cluster);
  }
  try {
    await fsp.mkdir(home, { recursive: true, mode: 0o755 });
    await fsp.chmod(clustersDir, 0o755);
    await fsp.chmod(home, 0o755);
    await assertRootOwnedChain(home);
    const unreachable = await unreachableDir(home, runAs);
    if (unreachable) throw new Error(`it cannot enter ${unreachable.dir} either`);
  } catch (error) {
    throw new Error(
      `${why}, so it cannot reach ${paths.dataDir}, and ${home} cannot hold the cluster instead ` +
        `(${(error as Error).message}). Allow it (chmod o+x ${blocked.dir}), or set DATA_DIR to a directory ` +
        'it can reach, or DATABASE_URL.',
      { cause: error },
    );
  }
  await fsp.writeFile(path.join(home, 'DATA_DIR'), `${paths.dataDir}\n`, { mode: 0o644 });
  await fsp.symlink(cluster, paths.cluster).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
  log.info(`${why}: the cluster of ${paths.dataDir} lives in ${cluster} (linked from ${paths.cluster})`);
  return { ...paths, cluster };
}
