/**
 * The tournaments' calls on the general service (lib/contracts/tournaments.ts): the list by status, one
 * tournament with its leaderboard and the player's own entry, and joining one. Replies are checked with
 * ./replies.ts.
 */
import { queryOptions } from '@tanstack/react-query';
import { serviceApi } from '@/lib/api/client';
import type { TournamentStatus } from '@/lib/routes';
import { tournamentKeys } from './query-keys';
import { joinReply, tournamentReply, tournamentsReply, type TournamentReply } from './replies';

/** Lists and pages stay fresh this long; a tournament's topic keeps its leaderboard current in between. */
export const TOURNAMENTS_STALE_MS = 30_000;

/** `GET /tournaments?status=`: active and upcoming soonest first, finished (and cancelled) newest first. */
export const getTournaments = (status: TournamentStatus | null) =>
  serviceApi.general
    .get('/tournaments', { params: status ? { status } : undefined })
    .then((response) => tournamentsReply(response.data).tournaments);

/** `GET /tournaments/{id}`: the tournament, its leaderboard and the signed-in player's entry (404: unknown). */
export const getTournament = (id: number): Promise<TournamentReply> =>
  serviceApi.general.get(`/tournaments/${id}`).then((response) => tournamentReply(response.data));

/** `POST /tournaments/{id}/join` (signed in); 422 on `tournament`: `finished`, `currency`. */
export const joinTournament = (id: number) =>
  serviceApi.general.post(`/tournaments/${id}/join`, {}).then((response) => joinReply(response.data));

export const tournamentsQuery = (status: TournamentStatus | null) =>
  queryOptions({
    queryKey: tournamentKeys.list(status),
    queryFn: () => getTournaments(status),
    staleTime: TOURNAMENTS_STALE_MS,
  });

export const tournamentQuery = (id: number, viewer: 'guest' | 'player') =>
  queryOptions({
    queryKey: tournamentKeys.detail(id, viewer),
    queryFn: () => getTournament(id),
    staleTime: TOURNAMENTS_STALE_MS,
  });
