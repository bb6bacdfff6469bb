import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { recentGamesReply } from '@/lib/contracts/promotions';

/** A player's recently played list is asked for again after this. */
export const RECENT_STALE_MS = 30_000;

export const homeKeys = {
  all: ['home'] as const,
  recent: () => [...homeKeys.all, 'recent'] as const,
};

/** The games the signed-in player played last, newest first, each once (`GET /activity/recent`). */
export const getRecentGames = () =>
  api.get('/activity/recent').then((response) => recentGamesReply.parse(response.data));

export const recentGamesQueryOptions = () =>
  queryOptions({ queryKey: homeKeys.recent(), queryFn: getRecentGames, staleTime: RECENT_STALE_MS });
