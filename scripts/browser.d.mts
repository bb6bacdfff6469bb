/** Types of scripts/browser.mjs (for playwright.config.ts and the tests). */
export interface Candidate {
  path: string;
  source: string;
}
export interface RunResult {
  ok: boolean;
  output: string;
}
export interface Deps {
  env: Record<string, string | undefined>;
  exists: (file: string) => boolean;
  which: (command: string) => string | undefined;
  playwrightPath: () => string | undefined;
  isRoot: boolean;
  run: (
    command: string,
    args: string[],
    options?: { inherit?: boolean; env?: Record<string, string> },
  ) => RunResult;
  readCache: () => string | undefined;
  writeCache: (choice: { path: string; source: string; version: string }) => void;
  log: (message: string) => void;
  playwrightCli: string;
}
export const CACHE_FILE: string;
export const SYSTEM_BROWSER_PATHS: string[];
export const BROWSER_COMMANDS: string[];
export const NO_BROWSER: string;
export class BrowserError extends Error {}
export function systemDeps(): Deps;
export function browserCandidates(deps: Pick<Deps, 'env' | 'which' | 'playwrightPath'>): Candidate[];
export function configuredBrowser(deps?: Deps): string | undefined;
export function ensureBrowser(deps?: Deps): { path: string; source: string; version: string };
