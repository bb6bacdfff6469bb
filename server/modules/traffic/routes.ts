import type { FastifyRequest } from 'fastify';
import {
  affiliateBody,
  attachSourceBody,
  clientReportBody,
  clientReportReply,
  mirrorBody,
  mirrorQuery,
  mirrorReply,
  normalizeDomain,
  okReply,
  redirectQuery,
  redirectReply,
  registerPageOpenBody,
  USER_AGENT_MAX,
  utmBody,
  utmReply,
} from '@/lib/contracts/traffic';
import type { AppContext } from '../../context';
import { rateLimit, type RateLimitRule } from '../../lib/rate-limit';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { requireAuth } from '../auth/guard';
import { openUpload } from '../devices/service';
import { recordAdClick } from './ad-clicks';
import {
  attachSource,
  recordClientReport,
  recordPageOpen,
  recordVisit,
  type VisitorInfo,
} from './attribution';
import { mirrorData } from './mirrors';
import { findRedirect } from './redirects';

/**
 * The domain of a `GET mirror` call without `?domain=`: the request's host (X-Forwarded-Host when the
 * proxy is trusted), normalised. When the call reaches the API on its own `api.` subdomain (the web's
 * default base, spec §7), that prefix is dropped too: `api.x.example` asks for `x.example`.
 */
function requestDomain(request: FastifyRequest): string | null {
  const domain = normalizeDomain(request.host);
  if (domain && /^api\.[^.]+\.[^.]+/.test(domain)) return domain.slice(4);
  return domain;
}

function visitor(request: FastifyRequest, now: Date): VisitorInfo {
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: agent ? agent.slice(0, USER_AGENT_MAX) : null, now };
}

/**
 * Per-IP ceilings of the public attribution writes, so a script cannot fill the traffic tables or
 * inflate a source's visits. A visitor makes each call once per page load; the ceilings leave room for
 * many players behind one carrier-grade NAT address. Over them: 429 (the web app swallows it).
 */
export const ATTRIBUTION_RULES = {
  affiliate: { name: 'attribution-affiliate:ip', max: 300, windowMs: 60_000 },
  clientReport: { name: 'attribution-ip:ip', max: 300, windowMs: 60_000 },
  utm: { name: 'attribution-utm:ip', max: 300, windowMs: 60_000 },
  pageOpen: { name: 'attribution-page-open:ip', max: 300, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>;

/**
 * Traffic calls of spec §7 "Geo, mirror and affiliate" (issue 6): mirror data, path redirect rules and
 * attribution. Every answer is `no-store`; the attribution calls answer `{ ok: true }` and nothing else.
 */
export const trafficRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  app.addHook('onRequest', noStore);
  const perIp = (rule: RateLimitRule) =>
    rateLimit({ db: ctx.db, clock: ctx.clock, enabled: ctx.config.rateLimitEnabled }, [
      { rule, key: (request) => request.ip },
    ]);

  // --- mirror data ---
  for (const url of ['/middleware/mirror', '/middleware/mirrorRedirect']) {
    app.post(url, { schema: { body: mirrorBody, response: { 200: mirrorReply } } }, (request) =>
      mirrorData(ctx.db, request.body.domain),
    );
  }
  for (const url of ['/mirror', '/api/mirror']) {
    app.get(url, { schema: { querystring: mirrorQuery, response: { 200: mirrorReply } } }, (request) =>
      mirrorData(ctx.db, request.query.domain ?? requestDomain(request)),
    );
  }

  // --- path redirect rules ---
  app.get(
    '/middleware/redirect',
    { schema: { querystring: redirectQuery, response: { 200: redirectReply } } },
    async (request) => ({ redirect: await findRedirect(ctx.db, request.query.path) }),
  );

  // --- attribution ---
  app.post(
    '/middleware/affiliate',
    {
      schema: { body: affiliateBody, response: { 200: okReply } },
      preHandler: [perIp(ATTRIBUTION_RULES.affiliate)],
    },
    async (request) => {
      await recordVisit(ctx.db, request.body, visitor(request, ctx.clock()));
      return { ok: true as const };
    },
  );

  app.post(
    '/middleware/ip',
    {
      config: { auth: 'guest' },
      schema: { body: clientReportBody, response: { 200: clientReportReply } },
      preHandler: [perIp(ATTRIBUTION_RULES.clientReport)],
    },
    async (request) => {
      // Signed in or not (auth: 'guest'): a bad or expired token only means the report is not tied to a user.
      const userId = request.session?.userId ?? null;
      await recordClientReport(ctx.db, { ...request.body, ip: request.ip, userId, now: ctx.clock() });
      return { ip: request.ip };
    },
  );

  app.post(
    '/attachSource',
    // Authentication first (onRequest): a guest gets 401 whatever the body.
    { schema: { body: attachSourceBody, response: { 200: okReply } }, onRequest: [requireAuth(ctx)] },
    async (request) => {
      await attachSource(ctx.db, requireSession(request).userId, request.body, ctx.clock());
      return { ok: true as const };
    },
  );

  app.post(
    '/middleware/utm',
    { schema: { body: utmBody, response: { 200: utmReply } }, preHandler: [perIp(ATTRIBUTION_RULES.utm)] },
    (request) => recordAdClick(ctx.db, request.body, visitor(request, ctx.clock())),
  );

  app.post(
    '/middleware/registerPageOpenEvent',
    {
      schema: { body: registerPageOpenBody, response: { 200: okReply } },
      preHandler: [perIp(ATTRIBUTION_RULES.pageOpen)],
    },
    async (request) => {
      const { subH, uuid, click_url } = request.body;
      // The fingerprint arrives sealed (lib/device-seal.ts); what does not open is kept as nothing.
      const device = await openUpload(ctx.keys.deviceSeal, uuid);
      await recordPageOpen(ctx.db, {
        subH,
        uuid: device?.fingerprint ?? null,
        clickUrl: click_url || null,
        ...visitor(request, ctx.clock()),
      });
      return { ok: true as const };
    },
  );
};
