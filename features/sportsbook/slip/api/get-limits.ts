import { queryOptions } from '@tanstack/react-query';
import type { Currency } from '@/lib/constants/currencies';
import { sportsBetKeys } from '../../bets/api/query-keys';
import { sportsLimitsReply, type SportsLimitsReply } from '../../bets/api/replies';
import { sportsApi } from '../../bets/api/sports-client';

/** `GET /sports/limits?currency=` (public): the stake and payout limits of one bet in a currency. */
export const getSportsLimits = async (currency: Currency): Promise<SportsLimitsReply> => {
  const api = await sportsApi();
  const response = await api.get('/sports/limits', { params: { currency } });
  return sportsLimitsReply(response.data);
};

export const sportsLimitsQueryOptions = (currency: Currency) =>
  queryOptions({
    queryKey: sportsBetKeys.limits(currency),
    queryFn: () => getSportsLimits(currency),
    staleTime: 10 * 60_000,
    retry: 1,
  });
