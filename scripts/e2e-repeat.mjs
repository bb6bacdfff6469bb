#!/usr/bin/env node
/**
 * `npm run test:e2e:repeat [-- <playwright arguments>]`: the browser suite five times over without
 * retries (`playwright test --repeat-each=5 --retries=0`), first on one worker, then on two, so a test
 * that passes only now and then (or only alone, or only beside another, another repetition of itself
 * included) fails here rather than in someone else's build. Run it before submitting a change to a
 * browser test; extra arguments (a spec file, -g) go to both runs. Exits non-zero when either run fails.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const extra = process.argv.slice(2);

function run(command, args) {
  console.log(`[e2e-repeat] ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  return result.status ?? 1;
}

if (run(process.execPath, [join(root, 'scripts', 'ensure-browser.mjs')]) !== 0) process.exit(1);

const playwright = join(root, 'node_modules', '@playwright', 'test', 'cli.js');
let failed = 0;
for (const workers of [1, 2]) {
  const status = run(process.execPath, [
    playwright,
    'test',
    '--repeat-each=5',
    '--retries=0',
    `--workers=${workers}`,
    ...extra,
  ]);
  const verdict = status === 0 ? 'passed' : `failed (exit ${status})`;
  console.log(`[e2e-repeat] ${workers} worker(s): ${verdict}`);
  if (status !== 0) failed = status;
}
process.exit(failed);
