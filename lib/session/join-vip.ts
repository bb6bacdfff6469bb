import { api } from '@/lib/api/client';
import { successReply, type VIP_REQUEST_TYPES } from '@/lib/contracts/auth';

/** `POST api/v2/vip/join` with the request type (and, for `level_transfer`, the details). */
export const joinVip = (requestType: (typeof VIP_REQUEST_TYPES)[number], details?: string | null) =>
  api
    .post('api/v2/vip/join', details ? { request_type: requestType, details } : { request_type: requestType })
    .then((r) => successReply.parse(r.data));
