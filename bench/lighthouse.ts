/**
 * `npm run bench:lighthouse [-- --rebuild]`: Lighthouse (its default config: the mobile preset, simulated
 * throttling) over /ru, /ru/games/dice, /ru/games/slots and /ru/profile/history of the product served as
 * `npm run bench:web` serves it (bench/lib/web-stack.ts: the API in this process with the demo players,
 * the `.next-bench` build, reused when up to date). The history page is audited signed in as the demo
 * player (its token in the `token` cookie, set before the audit). Each page gets a fresh Chrome profile
 * (CHROME_PATH, default /usr/bin/chromium). Prints the four category scores, TBT, CLS and LCP per page.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startProductWeb } from './lib/web-stack';

const REBUILD = process.argv.includes('--rebuild');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const DEMO = { email: 'demo@aurum.example', password: 'demo12345' };
const PAGES: { path: string; signedIn: boolean }[] = [
  { path: '/ru', signedIn: false },
  { path: '/ru/games/dice', signedIn: false },
  { path: '/ru/games/slots', signedIn: false },
  { path: '/ru/profile/history', signedIn: true },
];

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

interface PageResult {
  path: string;
  scores: Record<(typeof CATEGORIES)[number], number | null>;
  tbt: number;
  cls: number;
  lcp: number;
  finalUrl: string;
}

async function audit(url: string, token: string | null): Promise<PageResult> {
  const chrome = await launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    try {
      const page = await browser.newPage();
      if (token) await page.setCookie({ name: 'token', value: token, url: new URL(url).origin, path: '/' });
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
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
      return {
        path: new URL(url).pathname,
        scores: Object.fromEntries(
          CATEGORIES.map((id) => [id, lhr.categories[id]?.score == null ? null : lhr.categories[id].score]),
        ) as PageResult['scores'],
        tbt: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        lcp: numeric('largest-contentful-paint'),
        finalUrl: lhr.finalDisplayedUrl,
      };
    } finally {
      await browser.disconnect();
    }
  } finally {
    chrome.kill();
  }
}

async function main(): Promise<void> {
  const product = await startProductWeb({ rebuild: REBUILD });
  const results: PageResult[] = [];
  try {
    console.log(`product: web ${product.web.base}, API ${product.api.base}; Chrome ${CHROME_PATH}`);
    const token = await signIn(product.api.base);
    for (const { path, signedIn } of PAGES) {
      console.log(`Lighthouse (mobile) ${path}${signedIn ? ' (signed in as the demo player)' : ''} …`);
      results.push(await audit(`${product.web.base}${path}`, signedIn ? token : null));
    }
  } finally {
    await product.close();
  }

  const score = (value: number | null) => (value === null ? '–' : String(Math.round(value * 100)));
  const rows = [
    ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'TBT', 'CLS', 'LCP'],
    ...results.map((r) => [
      r.path,
      ...CATEGORIES.map((id) => score(r.scores[id])),
      `${r.tbt.toFixed(0)} ms`,
      r.cls.toFixed(3),
      `${(r.lcp / 1000).toFixed(2)} s`,
    ]),
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  console.log('');
  console.log('Lighthouse, mobile preset (simulated throttling), one run per page');
  for (const row of rows) {
    console.log(
      row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]))).join('  '),
    );
  }
  for (const r of results) {
    if (new URL(r.finalUrl).pathname !== r.path) console.log(`note: ${r.path} ended on ${r.finalUrl}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
