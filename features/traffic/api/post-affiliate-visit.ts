import { api } from '@/lib/api/client';
import { okReply } from '@/lib/api/first-screen-checks';
import type { QueryParameters } from '@/lib/contracts/traffic';

/** `POST /middleware/affiliate` with the visit's query parameters (spec section 7). */
export const postAffiliateVisit = (params: QueryParameters) =>
  api.post('/middleware/affiliate', params).then((response) => okReply(response.data));
