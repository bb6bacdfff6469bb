#!/usr/bin/env node
/**
 * `npm run test:e2e` runs this before Playwright: finds a Chromium that starts, installs one when there
 * is none (see scripts/browser.mjs), or stops with one sentence saying what to run.
 */
import { BrowserError, ensureBrowser } from './browser.mjs';

try {
  const browser = ensureBrowser();
  console.log(`[e2e] Browser: ${browser.path} (${browser.source}; ${browser.version})`);
} catch (error) {
  if (!(error instanceof BrowserError)) throw error;
  console.error(`[e2e] ${error.message}`);
  process.exit(1);
}
