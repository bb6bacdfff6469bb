// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  BrowserError,
  NO_BROWSER,
  browserCandidates,
  configuredBrowser,
  ensureBrowser,
  type Deps,
  type RunResult,
} from '../../scripts/browser.mjs';

const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1255/chrome-linux64/chrome';

/**
 * A machine: `files` exist; `starts` lists the executables whose `--version` succeeds; `installs` maps
 * an install command (joined with spaces) to what it puts on the machine, or to false when it fails.
 */
function machine(
  options: {
    files?: string[];
    starts?: string[];
    env?: Record<string, string>;
    root?: boolean;
    sudo?: boolean;
    path?: Record<string, string>;
    installs?: Record<string, { files: string[]; starts: string[] } | false>;
    cache?: string;
  } = {},
) {
  const files = new Set(options.files ?? []);
  const starts = new Set(options.starts ?? []);
  const ran: string[] = [];
  let cached: string | undefined = options.cache;
  const deps: Deps = {
    env: options.env ?? {},
    exists: (file) => files.has(file),
    which: (command) => options.path?.[command],
    playwrightPath: () => PLAYWRIGHT,
    isRoot: options.root ?? false,
    run(command, args): RunResult {
      const line = [command, ...args].join(' ');
      ran.push(line);
      if (args[0] === '--version') {
        return starts.has(command)
          ? { ok: true, output: 'Chromium 156.0.8078.79 built on Debian\n' }
          : { ok: false, output: 'error while loading shared libraries: libnss3.so\n' };
      }
      if (line === 'sudo -n true') return { ok: options.sudo ?? false, output: '' };
      const install = Object.entries(options.installs ?? {}).find(([key]) => line.endsWith(key));
      if (!install || install[1] === false) return { ok: false, output: 'no network' };
      for (const file of install[1].files) files.add(file);
      for (const file of install[1].starts) starts.add(file);
      return { ok: true, output: '' };
    },
    readCache: () => cached,
    writeCache: (choice) => void (cached = choice.path),
    log: () => undefined,
    playwrightCli: 'cli.js',
  };
  return { deps, ran, cached: () => cached };
}

describe('browserCandidates', () => {
  it('lists CHROMIUM_PATH, Playwright’s Chromium, the system paths and PATH commands, once each', () => {
    const { deps } = machine({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      path: { chromium: '/usr/bin/chromium', 'google-chrome': '/opt/google/chrome/google-chrome' },
    });
    const list = browserCandidates(deps);
    expect(list.slice(0, 3)).toEqual([
      { path: '/opt/chrome/chrome', source: 'CHROMIUM_PATH' },
      { path: PLAYWRIGHT, source: "Playwright's Chromium" },
      { path: '/usr/bin/chromium', source: 'system' },
    ]);
    expect(list.at(-1)).toEqual({ path: '/opt/google/chrome/google-chrome', source: 'system' });
    expect(list.filter((c) => c.path === '/usr/bin/chromium')).toHaveLength(1);
  });
});

describe('ensureBrowser', () => {
  it('takes Playwright’s own Chromium when it starts, installing nothing', () => {
    const m = machine({
      files: [PLAYWRIGHT, '/usr/bin/chromium'],
      starts: [PLAYWRIGHT, '/usr/bin/chromium'],
    });
    expect(ensureBrowser(m.deps)).toEqual({
      path: PLAYWRIGHT,
      source: "Playwright's Chromium",
      version: 'Chromium 156.0.8078.79 built on Debian',
    });
    expect(m.ran).toEqual([`${PLAYWRIGHT} --version`]);
    expect(m.cached()).toBe(PLAYWRIGHT);
  });

  it('skips a browser that exists but does not start, and takes the system one', () => {
    const m = machine({
      files: [PLAYWRIGHT, '/usr/bin/google-chrome'],
      starts: ['/usr/bin/google-chrome'],
    });
    expect(ensureBrowser(m.deps).path).toBe('/usr/bin/google-chrome');
    expect(m.cached()).toBe('/usr/bin/google-chrome');
  });

  it('honours CHROMIUM_PATH, and says so in one sentence when it is wrong', () => {
    const ok = machine({
      env: { CHROMIUM_PATH: '/opt/c' },
      files: ['/opt/c', PLAYWRIGHT],
      starts: ['/opt/c'],
    });
    expect(ensureBrowser(ok.deps).path).toBe('/opt/c');
    const missing = machine({ env: { CHROMIUM_PATH: '/opt/c' }, files: [PLAYWRIGHT], starts: [PLAYWRIGHT] });
    expect(() => ensureBrowser(missing.deps)).toThrow(/^CHROMIUM_PATH is \/opt\/c, which does not exist/);
    expect(missing.ran).toEqual([]);
  });

  it('installs Playwright’s Chromium (with its system libraries as root) when none is found', () => {
    const m = machine({
      root: true,
      installs: { 'install --with-deps chromium': { files: [PLAYWRIGHT], starts: [PLAYWRIGHT] } },
    });
    expect(ensureBrowser(m.deps).path).toBe(PLAYWRIGHT);
    expect(m.ran.filter((line) => line.includes('install'))).toEqual([
      `${process.execPath} cli.js install --with-deps chromium`,
    ]);
  });

  it('falls back to apt-get (as root) when Playwright’s download fails', () => {
    const m = machine({
      root: true,
      path: { 'apt-get': '/usr/bin/apt-get' },
      installs: {
        'install --with-deps chromium': false,
        'apt-get update -qq': { files: [], starts: [] },
        'apt-get install -y -qq chromium': { files: ['/usr/bin/chromium'], starts: ['/usr/bin/chromium'] },
      },
    });
    expect(ensureBrowser(m.deps).path).toBe('/usr/bin/chromium');
    expect(m.ran.filter((line) => line.includes('install') || line.includes('update'))).toEqual([
      `${process.execPath} cli.js install --with-deps chromium`,
      'apt-get update -qq',
      'apt-get install -y -qq chromium',
    ]);
  });

  it('uses password-less sudo for apt-get when not root, and never a sudo that would ask', () => {
    const withSudo = machine({
      sudo: true,
      path: { sudo: '/usr/bin/sudo', 'apt-get': '/usr/bin/apt-get' },
      installs: {
        'install --with-deps chromium': false,
        'apt-get update -qq': { files: [], starts: [] },
        'apt-get install -y -qq chromium': { files: ['/usr/bin/chromium'], starts: ['/usr/bin/chromium'] },
      },
    });
    expect(ensureBrowser(withSudo.deps).path).toBe('/usr/bin/chromium');
    expect(withSudo.ran).toContain('sudo -n apt-get install -y -qq chromium');

    const noSudo = machine({
      sudo: false,
      path: { sudo: '/usr/bin/sudo', 'apt-get': '/usr/bin/apt-get' },
      installs: { 'install chromium': false },
    });
    expect(() => ensureBrowser(noSudo.deps)).toThrow(new BrowserError(NO_BROWSER));
    expect(noSudo.ran).toEqual(['sudo -n true', `${process.execPath} cli.js install chromium`]);
  });

  it('stops with one sentence saying what to run when nothing works, and installs nothing when told not to', () => {
    const m = machine({ root: true, path: { 'apt-get': '/usr/bin/apt-get' } });
    expect(() => ensureBrowser(m.deps)).toThrow(NO_BROWSER);
    expect(NO_BROWSER.split(/\.\s/)).toHaveLength(1);
    expect(NO_BROWSER).toMatch(/npx playwright install --with-deps chromium/);
    expect(NO_BROWSER).toMatch(/apt-get install chromium/);
    expect(NO_BROWSER).toMatch(/CHROMIUM_PATH/);

    const offline = machine({ root: true, env: { E2E_BROWSER_INSTALL: '0' } });
    expect(() => ensureBrowser(offline.deps)).toThrow(NO_BROWSER);
    expect(offline.ran).toEqual([]);
  });
});

describe('configuredBrowser (playwright.config.ts)', () => {
  it('prefers CHROMIUM_PATH, then the browser ensure-browser chose, then the first that exists', () => {
    expect(configuredBrowser(machine({ env: { CHROMIUM_PATH: '/opt/c' }, files: [PLAYWRIGHT] }).deps)).toBe(
      '/opt/c',
    );
    expect(
      configuredBrowser(
        machine({ files: [PLAYWRIGHT, '/usr/bin/chromium'], cache: '/usr/bin/chromium' }).deps,
      ),
    ).toBe('/usr/bin/chromium');
    expect(configuredBrowser(machine({ files: ['/usr/bin/chromium'], cache: '/gone' }).deps)).toBe(
      '/usr/bin/chromium',
    );
    expect(configuredBrowser(machine().deps)).toBeUndefined();
  });
});
