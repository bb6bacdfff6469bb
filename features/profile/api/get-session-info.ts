import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { sessionReply, type SessionInfo } from '@/lib/contracts/protection';

export const sessionInfoKey = ['profile', 'session'] as const;

/**
 * `GET /api/v2/profile/session`: the current log-in session for the reality check: its start, the
 * server's time, the minutes played, the net result since it started, the reality-check interval and the
 * session limit.
 */
export const getSessionInfo = (): Promise<SessionInfo> =>
  api.get('/api/v2/profile/session').then((response) => sessionReply.parse(response.data));

/** Always read fresh (its figures move with every bet), and not kept once nothing shows it. */
export const sessionInfoQuery = () =>
  queryOptions({ queryKey: sessionInfoKey, queryFn: getSessionInfo, staleTime: 0, gcTime: 0, retry: false });
