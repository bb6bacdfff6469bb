/**
 * `npm run bench:web [-- SECONDS] [--rebuild]`: the pages beside the framework's floor, in one run.
 *
 *   - The product: the API in this process (its own embedded PostgreSQL) and the web app built into
 *     `.next-bench` (reused when up to date; `--rebuild` forces it) and served by `next start` on a free
 *     loopback port.
 *   - The floor: a throw-away minimal `[locale]` app of the same stack (next-intl page, edge middleware;
 *     bench/lib/floor-app.ts) under the temp dir, built and served the same way.
 *
 * For `/ru`, `/ru/games/dice` and the floor's `/ru`: req/s and p50/p99 at 50 keep-alive connections for
 * SECONDS (default 10, after a 2 s warm-up; uncompressed bodies), the HTML size (raw and gzipped) and the
 * first-load JS (every chunk gzipped and summed, from the build output). Printed as a table with the
 * issue's targets (issue 14).
 */
import { createFloorApp, FLOOR_DIST_DIR, FLOOR_ROUTE } from './lib/floor-app';
import {
  buildNext,
  firstLoadJs,
  freePort,
  htmlSize,
  loadTest,
  REPO_ROOT,
  BENCH_DIST_DIR,
  startNext,
  startProductWeb,
  type FirstLoadJs,
  type LoadResult,
} from './lib/web-stack';

const args = process.argv.slice(2);
const SECONDS = Number(args.find((arg) => !arg.startsWith('--')) ?? process.env.SECONDS ?? 10);
const REBUILD = args.includes('--rebuild');
const CONNECTIONS = 50;
if (!(SECONDS > 0)) throw new Error('SECONDS must be a positive number');

interface PageFigures {
  load: LoadResult;
  html: { raw: number; gzip: number };
  js: FirstLoadJs;
}

async function measurePage(label: string, url: string, js: FirstLoadJs): Promise<PageFigures> {
  const html = await htmlSize(url);
  console.log(`${label}: ${CONNECTIONS} connections for ${SECONDS} s on ${url} …`);
  const load = await loadTest(url, { connections: CONNECTIONS, seconds: SECONDS });
  if (load.errors > 0) {
    console.log(`  ${load.errors} errors: ${[...load.statuses].map(([s, n]) => `${n}× ${s}`).join(', ')}`);
  }
  return { load, html, js };
}

const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

async function main(): Promise<void> {
  const pages: Record<'ru' | 'dice' | 'floor', PageFigures> = {} as never;

  const product = await startProductWeb({ rebuild: REBUILD });
  try {
    console.log(`product: web ${product.web.base}, API ${product.api.base}`);
    pages.ru = await measurePage(
      '/ru',
      `${product.web.base}/ru`,
      firstLoadJs(REPO_ROOT, BENCH_DIST_DIR, '/[locale]/(default)/page'),
    );
    pages.dice = await measurePage(
      '/ru/games/dice',
      `${product.web.base}/ru/games/dice`,
      firstLoadJs(REPO_ROOT, BENCH_DIST_DIR, '/[locale]/(default)/games/dice/page'),
    );
  } finally {
    await product.close();
  }

  const floor = await createFloorApp();
  try {
    buildNext({ cwd: floor.dir, distDir: FLOOR_DIST_DIR, env: { ...process.env }, label: 'floor' });
    const web = await startNext({
      cwd: floor.dir,
      distDir: FLOOR_DIST_DIR,
      env: { ...process.env },
      port: await freePort(),
      label: 'floor',
    });
    try {
      pages.floor = await measurePage(
        'floor /ru',
        `${web.base}/ru`,
        firstLoadJs(floor.dir, FLOOR_DIST_DIR, FLOOR_ROUTE),
      );
    } finally {
      await web.close();
    }
  } finally {
    await floor.remove();
  }

  const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');
  const { ru, dice } = pages;
  const rows: string[][] = [
    ['figure', '/ru', '/ru/games/dice', 'floor (/ru)', 'target (issue 14)'],
    [
      'req/s',
      ru.load.perSecond.toFixed(0),
      dice.load.perSecond.toFixed(0),
      pages.floor.load.perSecond.toFixed(0),
      `≥ 700: /ru ${mark(ru.load.perSecond >= 700)}, dice ${mark(dice.load.perSecond >= 700)}`,
    ],
    ...(['p50', 'p99'] as const).map((p) => [
      `${p} latency`,
      ...[ru, dice, pages.floor].map((page) => `${page.load[p].toFixed(1)} ms`),
      '',
    ]),
    ['errors', ...[ru, dice, pages.floor].map((page) => String(page.load.errors)), ''],
    [
      'HTML (raw)',
      ...[ru, dice, pages.floor].map((page) => kB(page.html.raw)),
      `≤ 30 kB: /ru ${mark(ru.html.raw <= 30_000)}, dice ${mark(dice.html.raw <= 30_000)}`,
    ],
    ['HTML (gzip)', ...[ru, dice, pages.floor].map((page) => kB(page.html.gzip)), ''],
    [
      'first-load JS (gzip)',
      ...[ru, dice, pages.floor].map((page) => kB(page.js.gzip)),
      `/ru ≤ 200 kB: ${mark(ru.js.gzip <= 200_000)}, game page ≤ 240 kB: ${mark(dice.js.gzip <= 240_000)}`,
    ],
    ['JS chunks', ...[ru, dice, pages.floor].map((page) => String(page.js.chunks)), ''],
    ['+ legacy polyfill', ...[ru, dice, pages.floor].map((page) => kB(page.js.polyfillGzip)), 'not counted'],
  ];
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => row[c].length)));
  console.log('');
  console.log(
    `Pages beside the floor (${CONNECTIONS} connections, ${SECONDS} s each, 1 kB = 1000 bytes, gzip = zlib default level)`,
  );
  for (const row of rows) {
    console.log(
      row
        .map((cell, c) =>
          c === 0 || c === row.length - 1 ? cell.padEnd(widths[c]) : cell.padStart(widths[c]),
        )
        .join('  ')
        .trimEnd(),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
