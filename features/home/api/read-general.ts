import { serverServiceBaseUrl } from '@/lib/api/base-url';

/** How long the home page's server-read rows are kept before the page is rendered again. */
export const HOME_REVALIDATE_S = 60;
/** A call that does not answer in this is left out (the page is never held up by one row). */
export const HOME_FETCH_TIMEOUT_MS = 1_500;

/**
 * One GET of the general service as the web server reaches it (lib/api/base-url.ts), for a row of the
 * home page's server-rendered HTML: its reply parsed by `parse`, or null when the call fails, times out,
 * answers an error or a reply `parse` refuses. Never throws: a row whose API fails is left out.
 */
export async function readGeneral<T>(path: string, parse: (value: unknown) => T): Promise<T | null> {
  try {
    const response = await fetch(`${serverServiceBaseUrl('general')}${path}`, {
      signal: AbortSignal.timeout(HOME_FETCH_TIMEOUT_MS),
      next: { revalidate: HOME_REVALIDATE_S },
    });
    if (!response.ok) return null;
    return parse(await response.json());
  } catch {
    return null;
  }
}
