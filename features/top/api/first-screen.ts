import { serverServiceBaseUrl } from '@/lib/api/base-url';
import type { TopBoard, TopPeriod } from '../constants';
import { topReply, type TopReply } from './replies';

/** A board in the page's HTML is read again at most this often. */
export const TOP_REVALIDATE_S = 15;
/** An API that does not answer in this is left to the browser (the page is never held up). */
const FETCH_TIMEOUT_MS = 1_500;

/** A board for the page's server-rendered HTML; null when the API does not answer (the browser asks). */
export async function topFirstScreen(board: TopBoard, period: TopPeriod): Promise<TopReply | null> {
  try {
    const response = await fetch(
      `${serverServiceBaseUrl('general')}/top?${new URLSearchParams({ board, period })}`,
      { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), next: { revalidate: TOP_REVALIDATE_S } },
    );
    return response.ok ? topReply(await response.json()) : null;
  } catch {
    return null;
  }
}
