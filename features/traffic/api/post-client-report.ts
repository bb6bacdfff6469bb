import { api } from '@/lib/api/client';
import { clientReportReply } from '@/lib/api/first-screen-checks';

/** `POST middleware/ip` with the page's host and the user agent; answers the client IP (spec section 7). */
export const postClientReport = (body: { host: string; userAgent: string }) =>
  api.post('middleware/ip', body).then((response) => clientReportReply(response.data));
