/**
 * Which Chromium the end-to-end tests run, shared by `scripts/ensure-browser.mjs` (run by `npm run
 * test:e2e` before Playwright: checks that the browser starts, installs one when none is found) and
 * `playwright.config.ts` (reads the choice without spawning anything).
 *
 * Candidates, in order: CHROMIUM_PATH; Playwright's own Chromium (`npx playwright install chromium`);
 * the system's (/usr/bin/chromium, chromium-browser, google-chrome, …, or those names on PATH).
 * When none starts: Playwright's installer (with its system dependencies when root or password-less
 * sudo may install them), then the system package manager (apt-get, as root or with `sudo -n`). The
 * choice is kept in node_modules/.cache/e2e-browser.json (nothing under version control is written).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export const CACHE_FILE = path.join(ROOT, 'node_modules', '.cache', 'e2e-browser.json');

export const SYSTEM_BROWSER_PATHS = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

export const BROWSER_COMMANDS = ['chromium', 'chromium-browser', 'google-chrome', 'google-chrome-stable'];

export const NO_BROWSER =
  'No Chromium for the end-to-end tests was found and none could be installed: run ' +
  '`npx playwright install --with-deps chromium` (needs access to the Playwright download server), or ' +
  "install your system's Chromium (Debian/Ubuntu: `sudo apt-get install chromium`), or set CHROMIUM_PATH " +
  'to a Chromium or Chrome executable, then run the tests again.';

export class BrowserError extends Error {}

/**
 * @typedef {{ path: string, source: string }} Candidate
 * @typedef {{ ok: boolean, output: string }} RunResult
 * @typedef {{
 *   env: Record<string, string | undefined>,
 *   exists: (file: string) => boolean,
 *   which: (command: string) => string | undefined,
 *   playwrightPath: () => string | undefined,
 *   isRoot: boolean,
 *   run: (command: string, args: string[], options?: { inherit?: boolean, env?: Record<string, string> }) => RunResult,
 *   readCache: () => string | undefined,
 *   writeCache: (choice: { path: string, source: string, version: string }) => void,
 *   log: (message: string) => void,
 *   playwrightCli: string,
 * }} Deps
 */

/** @returns {Deps} the real machine. */
export function systemDeps() {
  const require = createRequire(path.join(ROOT, 'package.json'));
  return {
    env: process.env,
    exists: (file) => fs.existsSync(file),
    which(command) {
      for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
        if (!dir) continue;
        const file = path.join(dir, command);
        try {
          fs.accessSync(file, fs.constants.X_OK);
          return file;
        } catch {
          // not here
        }
      }
      return undefined;
    },
    playwrightPath() {
      try {
        return require('playwright-core').chromium.executablePath();
      } catch {
        return undefined;
      }
    },
    isRoot: process.getuid?.() === 0,
    run(command, args, options = {}) {
      const result = spawnSync(command, args, {
        stdio: options.inherit ? 'inherit' : 'pipe',
        encoding: 'utf8',
        env: { ...process.env, ...options.env },
        timeout: options.inherit ? 15 * 60_000 : 30_000,
      });
      const output = `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? result.error.message : ''}`;
      return { ok: result.status === 0, output };
    },
    readCache() {
      try {
        const choice = JSON.parse(fs.readFileSync(CACHE_FILE, 'utf8'));
        return typeof choice.path === 'string' ? choice.path : undefined;
      } catch {
        return undefined;
      }
    },
    writeCache(choice) {
      fs.mkdirSync(path.dirname(CACHE_FILE), { recursive: true });
      fs.writeFileSync(CACHE_FILE, `${JSON.stringify(choice)}\n`);
    },
    log: (message) => console.log(message),
    playwrightCli: path.join(ROOT, 'node_modules', '@playwright', 'test', 'cli.js'),
  };
}

/**
 * The candidates in order of preference (see the module comment), without duplicates.
 * @param {Pick<Deps, 'env' | 'which' | 'playwrightPath'>} deps
 * @returns {Candidate[]}
 */
export function browserCandidates(deps) {
  /** @type {Candidate[]} */
  const list = [];
  const add = (/** @type {string | undefined} */ file, /** @type {string} */ source) => {
    if (file && !list.some((c) => c.path === file)) list.push({ path: file, source });
  };
  add(deps.env.CHROMIUM_PATH?.trim() || undefined, 'CHROMIUM_PATH');
  add(deps.playwrightPath(), "Playwright's Chromium");
  for (const file of SYSTEM_BROWSER_PATHS) add(file, 'system');
  for (const command of BROWSER_COMMANDS) add(deps.which(command), 'system');
  return list;
}

/**
 * For playwright.config.ts, without spawning anything: CHROMIUM_PATH, else the browser ensure-browser
 * chose (when it still exists), else the first candidate that exists; undefined when there is none.
 * @param {Deps} [deps]
 * @returns {string | undefined}
 */
export function configuredBrowser(deps = systemDeps()) {
  const explicit = deps.env.CHROMIUM_PATH?.trim();
  if (explicit) return explicit;
  const chosen = deps.readCache();
  if (chosen && deps.exists(chosen)) return chosen;
  return browserCandidates(deps).find((c) => deps.exists(c.path))?.path;
}

/**
 * The first candidate that exists and starts (`--version`), installing one when there is none; records
 * the choice for playwright.config.ts. Throws BrowserError with one sentence saying what to do.
 * @param {Deps} [deps]
 * @returns {{ path: string, source: string, version: string }}
 */
export function ensureBrowser(deps = systemDeps()) {
  const found = startingBrowser(deps) ?? installBrowser(deps);
  if (!found) throw new BrowserError(NO_BROWSER);
  deps.writeCache(found);
  return found;
}

/** @param {Deps} deps */
function startingBrowser(deps) {
  for (const candidate of browserCandidates(deps)) {
    const explicit = candidate.source === 'CHROMIUM_PATH';
    if (!deps.exists(candidate.path)) {
      if (explicit) {
        throw new BrowserError(
          `CHROMIUM_PATH is ${candidate.path}, which does not exist: point it at a Chromium or Chrome executable, or unset it.`,
        );
      }
      continue;
    }
    const result = deps.run(candidate.path, ['--version']);
    const lines = result.output.trim().split('\n');
    const version = (lines.find((line) => /\d+\.\d+\.\d+/.test(line)) ?? lines[0] ?? '').trim();
    if (result.ok) return { ...candidate, version };
    if (explicit) {
      throw new BrowserError(
        `CHROMIUM_PATH is ${candidate.path}, which does not start (${firstLine(result.output)}): point it at a working Chromium or Chrome, or unset it.`,
      );
    }
    deps.log(`[e2e] ${candidate.path} (${candidate.source}) does not start: ${firstLine(result.output)}`);
  }
  return undefined;
}

/** @param {Deps} deps */
function installBrowser(deps) {
  if (['0', 'false', 'no'].includes((deps.env.E2E_BROWSER_INSTALL ?? '').trim().toLowerCase()))
    return undefined;
  // How to run a command as root: directly, with password-less sudo, or not at all.
  const asRoot = deps.isRoot
    ? []
    : deps.which('sudo') && deps.run('sudo', ['-n', 'true']).ok
      ? ['sudo', '-n']
      : null;
  /** @type {{ label: string, commands: [string, string[], Record<string, string>?][] }[]} */
  const steps = [
    {
      label: `Playwright's installer (npx playwright install${asRoot ? ' --with-deps' : ''} chromium)`,
      commands: [
        [process.execPath, [deps.playwrightCli, 'install', ...(asRoot ? ['--with-deps'] : []), 'chromium']],
      ],
    },
  ];
  if (asRoot && deps.which('apt-get')) {
    const [command, ...prefix] = [...asRoot, 'apt-get'];
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    steps.push({
      label: `the system package manager (${[...asRoot, 'apt-get install chromium'].join(' ')})`,
      commands: [
        [command, [...prefix, 'update', '-qq'], env],
        [command, [...prefix, 'install', '-y', '-qq', 'chromium'], env],
      ],
    });
  }
  for (const step of steps) {
    deps.log(`[e2e] No Chromium that starts was found; installing one with ${step.label}`);
    const failed = step.commands.find(
      ([command, args, env]) => !deps.run(command, args, { inherit: true, env }).ok,
    );
    if (failed) {
      deps.log(`[e2e] That did not work (${[failed[0], ...failed[1]].join(' ')} failed)`);
      continue;
    }
    const found = startingBrowser(deps);
    if (found) return found;
  }
  return undefined;
}

/** @param {string} text */
function firstLine(text) {
  return text.trim().split('\n')[0]?.slice(0, 200) || 'no output';
}
