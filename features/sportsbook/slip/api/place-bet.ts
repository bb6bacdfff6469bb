import type { PlaceSportBetBody } from '@/lib/contracts/sports';
import { sportBetReply, type SportBetReply } from '../../bets/api/replies';
import { sportsApi } from '../../bets/api/sports-client';

/**
 * `POST /sports/bets` (signed in): places one bet. The same `key` again answers the first bet. 422 keys
 * on `selections` (`suspended`, `odds_changed` with `errors.odds`, `same_event`, `unknown`), `stake`
 * (`too_small`, `too_big`, `payout_too_big`, `event_limit`, `insufficient_funds`) and `system_k`.
 */
export const placeSportBet = async (body: PlaceSportBetBody): Promise<SportBetReply> => {
  const api = await sportsApi();
  const response = await api.post('/sports/bets', body);
  return sportBetReply(response.data);
};
