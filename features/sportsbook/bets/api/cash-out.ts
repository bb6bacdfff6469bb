import type { CashoutBody } from '@/lib/contracts/sports';
import { sportBetReply, type SportBetReply } from './replies';
import { sportsApi } from './sports-client';

/**
 * `POST /sports/bets/:id/cashout` {amount} (signed in): closes an open bet for the value the player was
 * shown. 422 on `amount`: `unavailable`, `suspended`, or `changed` (the value now is lower; `errors.value`
 * carries it).
 */
export const cashOutBet = async (id: number, body: CashoutBody): Promise<SportBetReply> => {
  const api = await sportsApi();
  const response = await api.post(`/sports/bets/${id}/cashout`, body);
  return sportBetReply(response.data);
};
