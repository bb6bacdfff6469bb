import { http, HttpResponse } from 'msw';
import type { UtmReply } from '@/lib/contracts/traffic';
import { apiPath } from './handlers';

/** The IP the mock `POST middleware/ip` answers. */
export const TEST_CLIENT_IP = '203.0.113.7';

/** What the traffic calls received, and what `POST /middleware/utm` answers. */
export interface TrafficBackend {
  affiliate: Record<string, string>[];
  utm: Record<string, string>[];
  pageOpen: { subH: string; uuid: string | null; click_url: string | null }[];
  clientReports: { host: string; userAgent: string }[];
  attached: Record<string, string | null>[];
  utmReply: UtmReply;
}

export function createTrafficBackend(patch: Partial<TrafficBackend> = {}): TrafficBackend {
  return {
    affiliate: [],
    utm: [],
    pageOpen: [],
    clientReports: [],
    attached: [],
    utmReply: { advId: 'adv-1', promo: { type: 'bonus_percent', value: 150 } },
    ...patch,
  };
}

/**
 * The attribution calls of spec section 7, answering as the API server does and recording what they
 * received in `backend`. Pass them to `createMockServer(...trafficHandlers(backend))`, like the other
 * feature handler sets (they are not in the shared default list).
 */
export function trafficHandlers(backend: TrafficBackend = createTrafficBackend()) {
  const ok = () => HttpResponse.json({ ok: true });
  return [
    http.post(apiPath('/middleware/affiliate'), async ({ request }) => {
      backend.affiliate.push((await request.json()) as Record<string, string>);
      return ok();
    }),
    http.post(apiPath('/middleware/utm'), async ({ request }) => {
      backend.utm.push((await request.json()) as Record<string, string>);
      return HttpResponse.json(backend.utmReply);
    }),
    http.post(apiPath('/middleware/registerPageOpenEvent'), async ({ request }) => {
      backend.pageOpen.push((await request.json()) as TrafficBackend['pageOpen'][number]);
      return ok();
    }),
    http.post(apiPath('/middleware/ip'), async ({ request }) => {
      backend.clientReports.push((await request.json()) as TrafficBackend['clientReports'][number]);
      return HttpResponse.json({ ip: TEST_CLIENT_IP });
    }),
    http.post(apiPath('/attachSource'), async ({ request }) => {
      backend.attached.push((await request.json()) as Record<string, string | null>);
      return ok();
    }),
  ];
}
