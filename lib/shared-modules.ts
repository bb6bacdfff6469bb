import { formatterFor } from '@/lib/i18n/format';
import { useLocaleStore } from '@/lib/stores/locale-store';

/**
 * The page's lazy parts (the bonus bar, the API effects, the live feed, the offline worker, the chat…) load
 * one at a time, each in tasks of its own, after the heavy modules they share (zod, axios and the HTTP
 * client over it), themselves evaluated one per task.
 *
 * A lazy part's code arrives in chunks, and the browser runs every module waiting on the last of them in
 * the same task: when the parts loaded side by side, the API client, zod, axios and every part's own code
 * ran in one task of about 90 ms on this machine (360 at the 4× Lighthouse counts for a phone), the
 * longest of /ru's load. One at a time, each is a short task, and the page answers input in between.
 *
 * - A part the page loads by itself: `lazy(() => inTurn(() => import('./part')))` (the `import()` written
 *   in the loader, as `next/dynamic` wants it). Parts are loaded in the order they ask.
 * - A part a player asks for (a dialog): `sharedModulesReady().then(() => import('./part'))`, which does
 *   not wait behind the others.
 *
 * A failed load is left to the part's own import, which asks for its chunk again and reports the failure
 * where the part is; the parts behind it still load, as they do behind a load slower than TURN_MAX_MS.
 */

/**
 * In order, each in a task of its own:
 * - zod, with the contracts' money schema, which every contract uses: imported for itself
 *   (`import('zod')`), the whole of zod's exports would be kept, where the app's named imports keep only
 *   what it uses;
 * - axios, then the HTTP client over it;
 * - the page language's first number formatter: the first one a page makes costs the browser its
 *   locale data, some 25 ms on this machine (100 on a phone), which made the first part to show an amount
 *   (the bonus bar's offer) one of the load's longest tasks.
 */
export const STEPS: readonly (() => Promise<unknown>)[] = [
  () => import('@/lib/contracts/money'),
  () => import('axios'),
  () => import('@/lib/api/client'),
  async () => formatterFor(useLocaleStore.getState().locale).number(0),
];

/** Resolves in a task of its own, after what the browser has queued (painting included). */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The longest a step or a part holds the others up: a load still going after this (a stalled connection)
 * lets the next one start, so that one slow chunk never keeps the page's other parts (the session's
 * effects among them) from loading.
 */
export const TURN_MAX_MS = 3_000;

/** Resolves once `work` has settled, either way, or after TURN_MAX_MS, whichever comes first. */
function settledOrLate(work: Promise<unknown>): Promise<void> {
  return new Promise((resolve) => {
    const late = setTimeout(resolve, TURN_MAX_MS);
    const settled = () => {
      clearTimeout(late);
      resolve();
    };
    work.then(settled, settled);
  });
}

/**
 * Runs `steps` in order, each in a task of its own after the previous one has settled (or taken
 * TURN_MAX_MS); resolves after the last. A step that fails is left to whoever needs its module.
 */
export async function inTasks(steps: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const step of steps) {
    await settledOrLate(Promise.resolve().then(step));
    await nextTask();
  }
}

let ready: Promise<void> | undefined;

/**
 * Resolves once the shared modules are evaluated (or given up on, see `inTasks`); started by the first
 * call. On the server, at once (a lazy part server-renders with its code, nothing waits).
 */
export function sharedModulesReady(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  ready ??= inTasks(STEPS);
  return ready;
}

/** The last part asked for: the next one loads once it has (and a task has passed). */
let last: Promise<unknown> | undefined;

/**
 * `load()` after the shared modules and after every part asked for before it has loaded (or failed, or
 * taken TURN_MAX_MS), each followed by a task of its own; what `load()` gives. On the server, `load()`
 * at once.
 */
export function inTurn<T>(load: () => Promise<T>): Promise<T> {
  if (typeof window === 'undefined') return load();
  const result = (last ?? sharedModulesReady()).then(load);
  last = settledOrLate(result).then(nextTask);
  return result;
}
