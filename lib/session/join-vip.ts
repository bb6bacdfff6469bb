import { api } from '@/lib/api/client';
import { successReply, type VIP_REQUEST_TYPES } from '@/lib/contracts/auth';

/** `POST api/v2/vip/join` with the request type. */
export const joinVip = (requestType: (typeof VIP_REQUEST_TYPES)[number]) =>
  api.post('api/v2/vip/join', { request_type: requestType }).then((r) => successReply.parse(r.data));
