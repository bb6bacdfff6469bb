'use client';

import { useQueryClient } from '@tanstack/react-query';
import { tournamentTopic } from '@/lib/constants/tournaments';
import type { RealtimeEvent } from '@/lib/realtime/connection';
import { useRealtimeTopic } from '@/lib/realtime/use-topic';
import { tournamentKeys } from '../api/query-keys';
import { parseLeaderboardMessage, type LeaderboardEntry, type TournamentReply } from '../api/replies';

const sameEntry = (a: LeaderboardEntry | undefined, b: LeaderboardEntry | undefined) =>
  a === b || (!!a && !!b && a.place === b.place && a.points === b.points && a.prize === b.prize);

/**
 * Follows a tournament's topic (`tournament:<id>`) while mounted: each snapshot and leaderboard message
 * replaces the page's leaderboard, participants and state (both the guest's and the player's copy). When
 * the signed-in player's own row changes, appears or leaves the board, or the tournament changes state,
 * their entry is asked for again (the topic carries the top only). Returns the connection's state.
 */
export function useLeaderboardLive(id: number, userId: number | null) {
  const client = useQueryClient();
  return useRealtimeTopic('general', tournamentTopic(id), (event: RealtimeEvent) => {
    const message = parseLeaderboardMessage(event);
    if (!message) return;
    // A copy on its way may have been read before this message: its reply can come after it, and until
    // it comes the page shows the guest's copy, which this update does not reach. So it is asked for
    // again, and the page ends up with a copy read after the message.
    const inFlight = client.isFetching({ queryKey: tournamentKeys.detailsOf(id) }) > 0;
    let mineChanged = false;
    client.setQueriesData<TournamentReply>({ queryKey: tournamentKeys.detailsOf(id) }, (reply) => {
      if (!reply) return reply;
      if (userId !== null) {
        const before = reply.leaderboard.find((entry) => entry.user_id === userId);
        const after = message.leaderboard.find((entry) => entry.user_id === userId);
        if (!sameEntry(before, after) || reply.tournament.state !== message.state) mineChanged = true;
      }
      return {
        ...reply,
        leaderboard: message.leaderboard,
        tournament: { ...reply.tournament, participants: message.participants, state: message.state },
      };
    });
    if (inFlight) {
      // Cancelled first: a copy without data yet would otherwise only wait for the one on its way.
      const queryKey = tournamentKeys.detailsOf(id);
      void client.cancelQueries({ queryKey }).then(() => client.invalidateQueries({ queryKey }));
    } else if (mineChanged) void client.invalidateQueries({ queryKey: tournamentKeys.detail(id, 'player') });
  });
}
