import { api } from '@/lib/api/client';
import { okReply } from '@/lib/api/first-screen-checks';

/** `POST middleware/registerPageOpenEvent` with `subH`, the fingerprint and the opened address (spec section 7). */
export const registerPageOpen = (body: { subH: string; uuid: string | null; click_url: string }) =>
  api.post('middleware/registerPageOpenEvent', body).then((response) => okReply(response.data));
