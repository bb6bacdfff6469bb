import type { TournamentStatus } from '@/lib/routes';

/**
 * The tournaments' query keys, generic to specific: every list under `lists`, every tournament page under
 * `details`, so a join or a reconnection reaches all of them at once. A tournament's page is asked as a
 * guest or as the signed-in player (whose reply carries their own entry): two keys, so a log-in or a
 * log-out asks again.
 */
export const tournamentKeys = {
  all: ['tournaments'] as const,
  lists: () => [...tournamentKeys.all, 'list'] as const,
  list: (status: TournamentStatus | null) => [...tournamentKeys.lists(), status ?? 'all'] as const,
  details: () => [...tournamentKeys.all, 'detail'] as const,
  detailsOf: (id: number) => [...tournamentKeys.details(), id] as const,
  detail: (id: number, viewer: 'guest' | 'player') => [...tournamentKeys.detailsOf(id), viewer] as const,
};
