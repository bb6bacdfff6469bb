import { api } from '@/lib/api/client';
import { utmReply } from '@/lib/api/first-screen-checks';
import type { QueryParameters } from '@/lib/contracts/traffic';

/** `POST /middleware/utm` with all query parameters; answers `advId` and `promo` (spec sections 3, 7). */
export const postUtmClick = (params: QueryParameters) =>
  api.post('/middleware/utm', params).then((response) => utmReply(response.data));
