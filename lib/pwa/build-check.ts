import { z } from 'zod';
import { BUILD_INFO_PATH } from './worker-paths';

export { BUILD_INFO_PATH };
export const buildInfoSchema = z.object({ id: z.string().min(1) });

/** The event a changed build id raises on `window` (its detail: the new id). */
export const APP_UPDATE_EVENT = 'app-update';

/**
 * The build check: each `check()` fetches the current build id; the first answer is the build this page
 * runs, and a later different one calls `onChange` once per new id. A failed fetch (offline) is ignored.
 */
export function createBuildCheck(fetchId: () => Promise<string>, onChange: (id: string) => void) {
  let known: string | null = null;
  return async function check(): Promise<void> {
    let id: string;
    try {
      id = await fetchId();
    } catch {
      return;
    }
    if (known === null) known = id;
    else if (id !== known) {
      known = id;
      onChange(id);
    }
  };
}

/** Fetches the build id, never from an HTTP cache. */
export async function fetchBuildId(fetcher: typeof fetch = fetch): Promise<string> {
  const response = await fetcher(BUILD_INFO_PATH, {
    cache: 'no-store',
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`build check: ${response.status}`);
  return buildInfoSchema.parse(await response.json()).id;
}
