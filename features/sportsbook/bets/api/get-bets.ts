import { queryOptions } from '@tanstack/react-query';
import { SPORT_BETS_REFRESH_MS } from '../constants';
import { sportsBetKeys, type SportBetListStatus } from './query-keys';
import { sportBetsReply, type SportBet } from './replies';
import { sportsApi } from './sports-client';

/** `GET /sports/bets?status=` (signed in): the player's open or settled bets, newest first. */
export const getSportBets = async (status: SportBetListStatus): Promise<SportBet[]> => {
  const api = await sportsApi();
  const response = await api.get('/sports/bets', { params: { status } });
  return sportBetsReply(response.data).items;
};

/** One list; open bets are read again every 10 s while the page is visible (their cash-out values move). */
export const sportBetsQueryOptions = (status: SportBetListStatus) =>
  queryOptions({
    queryKey: sportsBetKeys.list(status),
    queryFn: () => getSportBets(status),
    refetchInterval: status === 'open' ? SPORT_BETS_REFRESH_MS : false,
    retry: false,
  });
