/**
 * `npm run bench:lighthouse [-- --rebuild]`: Lighthouse (its default config: the mobile preset, simulated
 * throttling) over /ru, /ru/games/dice, /ru/games/slots, /ru/games/live-casino, a slot's demo,
 * /ru/games/crash, /ru/games/rooms, /ru/games/rooms/red, /ru/profile/history, /ru/betting and an event page
 * of the sportsbook of the product served
 * as `npm run bench:web` serves it (bench/lib/web-stack.ts: the API in this process with the demo
 * players, the game studio beside it, the `.next-bench` build, reused when up to date). The history page is audited signed in as the demo
 * player (its token in the `token` cookie, set before the audit). Each page is visited once unmeasured (a warm server), then gets a fresh Chrome profile per audit
 * (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores, TBT, CLS and LCP per page,
 * then, per page, where the main thread went: the longest tasks (start, duration, script) and the
 * scripts' main-thread time (Lighthouse's bootup-time: total, evaluation, parse and compile), and the
 * LCP element.
 *
 * The limit beside them, in the same run: the floor of this stack (bench/lib/floor-app.ts, the minimal
 * `[locale]` app `bench:web` measures), built, served and audited the same way, last.
 *
 * Options: `--page /ru` (repeatable) audits only those pages; `--save DIR` writes each page's full
 * Lighthouse report (JSON) into DIR; `--rebuild` builds even when the build is up to date; `--no-floor`
 * skips the floor; `--runs N` audits each page N times and keeps the run with the median performance
 * score (single runs on two shared cores vary by ±15 points); `--trace` adds, per page, what the
 * simulation was given, read off the audit's own trace (lib/lighthouse-trace.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { FLOOR_DIST_DIR, FLOOR_ROUTE, withFloorWeb } from './lib/floor-app';
import { traceSummary } from './lib/lighthouse-trace';
import { BENCH_DIST_DIR, firstLoadJs, htmlSize, REPO_ROOT, startProductWeb } from './lib/web-stack';

const REBUILD = process.argv.includes('--rebuild');
const NO_FLOOR = process.argv.includes('--no-floor');
const TRACE = process.argv.includes('--trace');
/** The values of every `--name value` on the command line. */
function optionValues(name: string): string[] {
  const values: string[] = [];
  process.argv.forEach((arg, index) => {
    if (arg === name && process.argv[index + 1]) values.push(process.argv[index + 1]);
  });
  return values;
}
const ONLY_PAGES = optionValues('--page');
const SAVE_DIR = optionValues('--save')[0];
/** Audits per page; the table shows the run with the median performance score. */
const RUNS = Math.max(1, Number(optionValues('--runs')[0] ?? 1));
/** Rows of the per-page breakdown. */
const TOP_TASKS = 12;
const TOP_SCRIPTS = 10;
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DEMO = { email: 'demo@aurum.example', password: 'demo12345' };
/** The pages, whether they are audited signed in, and their app route (for the first-load JS). */
const PAGES: { path: string; signedIn: boolean; route: string }[] = [
  { path: '/ru', signedIn: false, route: '/[locale]/(default)/page' },
  { path: '/ru/games/dice', signedIn: false, route: '/[locale]/(default)/games/dice/page' },
  { path: '/ru/games/slots', signedIn: false, route: '/[locale]/(default)/games/slots/page' },
  { path: '/ru/games/live-casino', signedIn: false, route: '/[locale]/(default)/games/live-casino/page' },
  {
    path: '/ru/games/slots/aurora-wilds/demo',
    signedIn: false,
    route: '/[locale]/(default)/games/slots/[slots]/demo/page',
  },
  { path: '/ru/games/crash', signedIn: false, route: '/[locale]/(default)/games/crash/page' },
  { path: '/ru/games/rooms', signedIn: false, route: '/[locale]/(default)/games/rooms/page' },
  { path: '/ru/games/rooms/red', signedIn: false, route: '/[locale]/(default)/games/rooms/red/page' },
  { path: '/ru/profile/history', signedIn: true, route: '/[locale]/(default)/profile/history/page' },
  { path: '/ru/betting', signedIn: false, route: '/[locale]/(default)/betting/page' },
  // `<event>`: the sandbox feed's first upcoming match, looked up when the run starts.
  {
    path: '/ru/betting/event/<event>',
    signedIn: false,
    route: '/[locale]/(default)/betting/event/[id]/page',
  },
  // Issue 19: tournaments (`<tournament>`: the seeded running race), the VIP club signed in, the top.
  { path: '/ru/tournaments', signedIn: false, route: '/[locale]/(default)/tournaments/page' },
  {
    path: '/ru/tournament/<tournament>',
    signedIn: false,
    route: '/[locale]/(default)/tournament/[id]/page',
  },
  { path: '/ru/vip-club', signedIn: true, route: '/[locale]/(default)/vip-club/page' },
  { path: '/ru/top', signedIn: false, route: '/[locale]/(default)/top/page' },
  // A page of text only: what the layout alone costs, beside the pages above.
  { path: '/ru/faq', signedIn: false, route: '/[locale]/(default)/faq/page' },
];

/** A page's address with `<event>` made a real event of the API's sandbox feed. */
async function resolvePath(path: string, apiBase: string): Promise<string> {
  if (path.includes('<tournament>')) {
    const response = await fetch(`${apiBase}/tournaments?status=active`);
    const { tournaments } = (await response.json()) as { tournaments: { id: number }[] };
    if (!tournaments[0]) throw new Error('no active tournament (the demo seed makes one)');
    return path.replace('<tournament>', String(tournaments[0].id));
  }
  if (!path.includes('<event>')) return path;
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const response = await fetch(`${apiBase}/sports/events?status=upcoming&limit=1`);
    const { items } = (await response.json()) as { items: { id: string }[] };
    if (items[0]) return path.replace('<event>', items[0].id);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the sandbox feed offers no upcoming event');
}

async function signIn(apiBase: string): Promise<string> {
  const response = await fetch(`${apiBase}/api/v2/auth/login/email/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(DEMO),
  });
  if (response.status !== 200)
    throw new Error(`demo sign-in: HTTP ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

interface LongTask {
  startTime: number;
  duration: number;
  url: string;
}

interface ScriptTime {
  url: string;
  total: number;
  scripting: number;
  scriptParseCompile: number;
}

interface PageResult {
  path: string;
  /** The HTML as served, raw bytes. */
  html: number;
  /** First-load JS, gzipped bytes. */
  js: number;
  longTasks: LongTask[];
  scripts: ScriptTime[];
  lcpElement: string;
  /** Main-thread time per kind of work (Lighthouse's mainthread-work-breakdown), ms. */
  mainThread: { group: string; duration: number }[];
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  tbt: number;
  cls: number;
  lcp: number;
  finalUrl: string;
  /** `--trace`: the observed paints, what finished before the LCP and the long tasks (lib/lighthouse-trace.ts). */
  trace: string[];
}

/** `withPage` on a new tab of a fresh Chrome (its own profile), with the sign-in cookie when `token` is given. */
async function inFreshChrome<T>(
  url: string,
  token: string | null,
  withPage: (page: Page) => Promise<T>,
): Promise<T> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (token) await page.setCookie({ name: 'token', value: token, url: new URL(url).origin, path: '/' });
      return await withPage(page);
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

async function audit(url: string, token: string | null, name = new URL(url).pathname): Promise<PageResult> {
  return inFreshChrome(url, token, async (page) => {
    // A fresh profile per page: nothing to reset, and the reset must keep the sign-in cookie.
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: true },
      undefined,
      page,
    );
    if (!result) throw new Error(`${url}: Lighthouse returned nothing`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true });
      const file = join(SAVE_DIR, `${name.replace(/[/ ]/g, '_') || '_'}.json`);
      writeFileSync(file, JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const items = <T>(id: string): T[] => {
      const details = lhr.audits[id]?.details as { items?: T[] } | undefined;
      return details?.items ?? [];
    };
    return {
      path: new URL(url).pathname,
      html: Number.NaN,
      js: Number.NaN,
      scores: Object.fromEntries(
        CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : lhr.categories[id].score]),
      ) as PageResult['scores'],
      tbt: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      lcp: numeric('largest-contentful-paint'),
      finalUrl: lhr.finalDisplayedUrl,
      longTasks: items<LongTask>('long-tasks'),
      scripts: items<ScriptTime>('bootup-time'),
      lcpElement: lcpElement(lhr.audits['lcp-breakdown-insight']?.details),
      mainThread: items<{ group: string; duration: number }>('mainthread-work-breakdown'),
      trace: TRACE ? traceSummary(result.artifacts) : [],
    };
  });
}

/**
 * One visit of the page in a browser before it is audited, unmeasured: the server's first answer after
 * it starts (its caches cold, a static page regenerated, the scripts read from disk) is not what a
 * running site serves. Seen: /ru audited first thing after the start painted after 2.3 s, not 0.3 s.
 */
async function warmUp(url: string, token: string | null): Promise<void> {
  await inFreshChrome(url, token, (page) => page.goto(url, { waitUntil: 'load' }));
}

/**
 * RUNS audits of one page; the one with the median performance score (Lighthouse's own advice for a
 * noisy machine), its scores printed beside the others' when there are several.
 */
async function medianAudit(url: string, token: string | null, name?: string): Promise<PageResult> {
  await warmUp(url, token);
  const runs: PageResult[] = [];
  for (let run = 0; run < RUNS; run += 1) runs.push(await audit(url, token, name));
  runs.sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
  const median = runs[Math.floor((runs.length - 1) / 2)];
  if (runs.length > 1) {
    const performance = runs.map((r) => Math.round((r.scores.performance ?? 0) * 100));
    console.log(`  ${RUNS} runs, performance ${performance.join(', ')}: the table shows the median`);
  }
  return median;
}

/** The LCP element's selector and text, from the LCP breakdown insight. */
function lcpElement(details: unknown): string {
  const lists = (details as { items?: { type?: string; selector?: string; nodeLabel?: string }[] })?.items;
  const node = lists?.find((item) => item.type === 'node');
  if (!node) return '–';
  return `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 60)}"`;
}

/** A script address without its origin (`/_next/static/chunks/x.js`). */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

function printBreakdown(r: PageResult): void {
  console.log('');
  console.log(`${r.path}: LCP element ${r.lcpElement}`);
  console.log(
    `  main thread: ${r.mainThread.map((g) => `${g.group} ${g.duration.toFixed(0)} ms`).join(', ')}`,
  );
  console.log(`  longest tasks (of ${r.longTasks.length}; start, duration, script):`);
  for (const task of [...r.longTasks].sort((a, b) => b.duration - a.duration).slice(0, TOP_TASKS)) {
    console.log(
      `    ${task.startTime.toFixed(0).padStart(6)} ms  ${task.duration.toFixed(0).padStart(5)} ms  ${shortUrl(task.url)}`,
    );
  }
  console.log('  scripts by main-thread time (total, evaluation, parse+compile):');
  for (const script of r.scripts.slice(0, TOP_SCRIPTS)) {
    console.log(
      `    ${script.total.toFixed(0).padStart(5)} ms  ${script.scripting.toFixed(0).padStart(5)} ms  ${script.scriptParseCompile.toFixed(0).padStart(4)} ms  ${shortUrl(script.url)}`,
    );
  }
  for (const line of r.trace) console.log(line);
}

/** The floor's `/ru`, built and served as `bench:web` does, audited as the product's pages are. */
async function auditFloor(): Promise<PageResult> {
  return withFloorWeb(async (base, dir) => {
    console.log('Lighthouse (mobile) the floor: a minimal [locale] page of this stack …');
    const url = `${base}/ru`;
    const result = await medianAudit(url, null, 'floor /ru');
    result.path = 'floor /ru';
    result.html = (await htmlSize(url)).raw;
    result.js = firstLoadJs(dir, FLOOR_DIST_DIR, FLOOR_ROUTE).gzip;
    return result;
  });
}

async function main(): Promise<void> {
  const product = await startProductWeb({ rebuild: REBUILD });
  const results: PageResult[] = [];
  try {
    console.log(`product: web ${product.web.base}, API ${product.api.base}; Chrome ${CHROME_PATH}`);
    const token = await signIn(product.api.base);
    const pages = ONLY_PAGES.length ? PAGES.filter((page) => ONLY_PAGES.includes(page.path)) : PAGES;
    if (pages.length === 0) throw new Error(`--page: none of ${PAGES.map((page) => page.path).join(', ')}`);
    for (const { path: pattern, signedIn, route } of pages) {
      const path = await resolvePath(pattern, product.api.base);
      console.log(`Lighthouse (mobile) ${path}${signedIn ? ' (signed in as the demo player)' : ''} …`);
      const url = `${product.web.base}${path}`;
      const result = await medianAudit(url, signedIn ? token : null);
      result.html = (await htmlSize(url)).raw;
      result.js = firstLoadJs(REPO_ROOT, BENCH_DIST_DIR, route).gzip;
      results.push(result);
    }
  } finally {
    await product.close();
  }
  if (!NO_FLOOR) results.push(await auditFloor());

  const score = (value: number | null) => (value === null ? '–' : String(Math.round(value * 100)));
  const rows = [
    ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'TBT', 'CLS', 'LCP', 'HTML', 'JS gz'],
    ...results.map((r) => [
      r.path,
      ...CATEGORIES.map((id) => score(r.scores[id])),
      `${r.tbt.toFixed(0)} ms`,
      r.cls.toFixed(3),
      `${(r.lcp / 1000).toFixed(2)} s`,
      `${(r.html / 1000).toFixed(1)} kB`,
      `${(r.js / 1000).toFixed(0)} kB`,
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  console.log('');
  console.log(
    `Lighthouse, mobile preset (simulated throttling), ${RUNS === 1 ? 'one run per page' : `median of ${RUNS} runs per page`}; HTML as served (raw), first-load JS (gzipped)`,
  );
  for (const row of rows) {
    console.log(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    );
  }
  const ours = results.filter((r) => !r.path.startsWith('floor'));
  const below = ours.filter((r) => (r.scores.performance ?? 0) < 0.95).map((r) => r.path);
  console.log(
    `target (issue 14): performance ≥ 95 on every page: ${below.length ? `NOT met (${below.join(', ')})` : 'met'}; TBT ≤ 150 ms on /ru: ${
      (ours.find((r) => r.path === '/ru')?.tbt ?? Infinity) <= 150 ? 'met' : 'NOT met'
    }; CLS ≤ 0.02: ${ours.every((r) => r.cls <= 0.02) ? 'met' : 'NOT met'}`,
  );
  for (const r of results) {
    if (!r.path.startsWith('floor') && new URL(r.finalUrl).pathname !== r.path)
      console.log(`note: ${r.path} ended on ${r.finalUrl}`);
  }
  for (const r of results) printBreakdown(r);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
