import { cache } from 'react';
import { serverServiceBaseUrl } from '@/lib/api/base-url';
import type { Check } from '@/lib/api/check';
import type { TournamentStatus } from '@/lib/routes';
import { tournamentReply, tournamentsReply, type TournamentReply, type TournamentSummary } from './replies';

/** A tournament page's server-rendered data is read again at most this often (the pages' `revalidate`). */
export const TOURNAMENTS_REVALIDATE_S = 30;
/** An API that does not answer in this is left to the browser (the page is never held up). */
const FETCH_TIMEOUT_MS = 1_500;

export type Read<T> = { status: 'ok'; value: T } | { status: 'missing' } | { status: 'unavailable' };

async function read<T>(path: string, check: Check<T>): Promise<Read<T>> {
  try {
    const response = await fetch(`${serverServiceBaseUrl('general')}${path}`, {
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      next: { revalidate: TOURNAMENTS_REVALIDATE_S },
    });
    if (response.status === 404) return { status: 'missing' };
    if (!response.ok) return { status: 'unavailable' };
    return { status: 'ok', value: check(await response.json()) };
  } catch {
    return { status: 'unavailable' };
  }
}

/**
 * A tab's tournaments as a guest sees them, for the list's server-rendered HTML; null when the API does not
 * answer (as at `next build`): the browser asks.
 */
export async function tournamentsFirstScreen(
  status: TournamentStatus | null,
): Promise<TournamentSummary[] | null> {
  const result = await read(`/tournaments${status ? `?status=${status}` : ''}`, tournamentsReply);
  return result.status === 'ok' ? result.value.tournaments : null;
}

/**
 * One tournament as a guest sees it, for its page's HTML and title (asked once per render: the page and its
 * metadata share it): `missing` when the API says 404 (the page is a 404), `unavailable` when it does not
 * answer (the browser asks).
 */
export const tournamentFirstScreen = cache(
  (id: number): Promise<Read<TournamentReply>> => read(`/tournaments/${id}`, tournamentReply),
);
