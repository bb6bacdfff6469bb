import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import type { Currency } from '@/lib/constants/currencies';
import { bonus } from '@/lib/api/first-screen-checks';
import type { Bonus } from '@/lib/contracts/bonuses';
import { bonusKeys } from '@/lib/session/bonus-keys';

/**
 * `GET /bonus-system/bonus/{promo}?currency=` (spec section 7): the registration-and-deposit offer behind
 * a promo code; 404 when there is none.
 */
export const getBonusOffer = (promo: string, currency?: Currency): Promise<Bonus> =>
  api
    .get(`/bonus-system/bonus/${encodeURIComponent(promo.trim())}`, {
      params: currency ? { currency } : undefined,
    })
    .then((response) => bonus(response.data));

/** No retries: a 404 means "no such code" and is shown (or acted on) at once. */
export const bonusOfferQueryOptions = (promo: string, currency?: Currency) =>
  queryOptions({
    queryKey: bonusKeys.offer(promo, currency),
    queryFn: () => getBonusOffer(promo, currency),
    staleTime: 5 * 60_000,
    retry: false,
  });
