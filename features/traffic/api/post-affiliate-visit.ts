import { api } from '@/lib/api/client';
import { okReply, type QueryParameters } from '@/lib/contracts/traffic';

/** `POST /middleware/affiliate` with the visit's query parameters (spec section 7). */
export const postAffiliateVisit = (params: QueryParameters) =>
  api.post('/middleware/affiliate', params).then((response) => okReply.parse(response.data));
