import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { EMAIL_MAX, SOCIAL_PROVIDERS, socialLoginBody, socialLoginReply } from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import { sendHtml } from '../../lib/html-page';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore } from '../../plugins/request-context';
import { routeHelpers } from './routes';
import {
  renderChooser,
  renderCompletion,
  renderFailure,
  SANDBOX_IDENTITIES,
  type ChooserErrors,
} from './sandbox-page';
import {
  completeSocialLogin,
  flowKey,
  parseSocialState,
  readSocialState,
  SignUpNotConfirmedError,
  SOCIAL_STATE_TTL_S,
  startSocialLogin,
  type SocialIdentity,
  type SocialProvider,
} from './social';
import { consumeFlow, startFlow } from './social-flows';
import { authorizationUrl, completeAuthorization, SocialCallbackError } from './social-oidc';
import { checkTelegramLogin, renderTelegramWidget, TELEGRAM_WIDGET_POLICY } from './telegram-login';

/** `PUT /auth/login` (spec §7): starts a social log-in and answers the provider's URL. */
export const socialRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const { deps } = routeHelpers(ctx);
  app.addHook('onRequest', noStore);

  app.put(
    '/auth/login',
    { config: { geoGuard: true }, schema: { body: socialLoginBody, response: { 200: socialLoginReply } } },
    async (request) => {
      const { age_confirmed, terms_accepted, vip: _vip, ...flow } = request.body;
      const url = await startSocialLogin(deps(request), {
        ...flow,
        ageConfirmed: age_confirmed,
        termsAccepted: terms_accepted,
        region: request.region,
        apiBaseUrl: ctx.config.apiPublicUrl ?? `${request.protocol}://${request.host}`,
      });
      return { url };
    },
  );

  // --- the real providers (social-config.ts): the popup's first stop, then the provider's callback ---

  const providerParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
  const startQuery = z.object({ state: z.string().max(256).optional() });
  const cookieName = (provider: SocialProvider) => `social_flow_${provider}`;

  app.get(
    '/auth/social/:provider/start',
    { schema: { params: providerParams, querystring: startQuery } },
    async (request, reply) => {
      const { provider } = request.params;
      const config = ctx.config.social[provider];
      if (!config) return html(reply, 404, renderFailure(NOT_CONFIGURED));
      const state = request.query.state ?? '';
      const flow = state ? await startFlow(ctx.db, flowKey(state), provider, ctx.clock()) : null;
      if (!flow) return html(reply, 400, renderFailure(INVALID_STATE));
      // The flow is bound to this browser: the callback must come back with the same cookie.
      reply.header(
        'set-cookie',
        [
          `${cookieName(provider)}=${state}`,
          'Path=/',
          `Max-Age=${SOCIAL_STATE_TTL_S}`,
          'HttpOnly',
          'SameSite=Lax',
          ...(request.protocol === 'https' ? ['Secure'] : []),
        ].join('; '),
      );
      if (config.kind === 'telegram') {
        reply.raw.removeHeader('cross-origin-opener-policy');
        return reply
          .code(200)
          .header('content-type', 'text/html; charset=utf-8')
          .header('content-security-policy', TELEGRAM_WIDGET_POLICY)
          .header('referrer-policy', 'no-referrer')
          .header('x-content-type-options', 'nosniff')
          .send(renderTelegramWidget({ botUsername: config.botUsername, authUrl: config.redirectUri }));
      }
      let location: string;
      try {
        location = await authorizationUrl(config, {
          state,
          nonce: flow.nonce,
          codeVerifier: flow.codeVerifier,
        });
      } catch (error) {
        request.log.warn({ err: error, provider }, 'social provider unreachable');
        return html(reply, 502, renderFailure(PROVIDER_DOWN));
      }
      // Without a Cross-Origin-Opener-Policy on this hop too: one would move the popup to a new browsing
      // context group, cutting it off from the web app that waits for its message.
      reply.raw.removeHeader('cross-origin-opener-policy');
      return reply.redirect(location, 302);
    },
  );

  app.get(
    '/auth/social/:provider/callback',
    { config: { geoGuard: true }, schema: { params: providerParams } },
    async (request, reply) => {
      const { provider } = request.params;
      const config = ctx.config.social[provider];
      if (!config) return html(reply, 404, renderFailure(NOT_CONFIGURED));
      const query = (request.raw.url ?? '').split('?')[1] ?? '';
      const params = new URLSearchParams(query);
      const bound = readCookie(request.headers.cookie, cookieName(provider));
      // Telegram returns no state: the cookie names the flow. The others echo it and it must match.
      const state = config.kind === 'telegram' ? bound : params.get('state');
      reply.header('set-cookie', `${cookieName(provider)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax`);
      if (!state || !bound || state !== bound) return html(reply, 400, renderFailure(INVALID_STATE));
      const now = ctx.clock();
      const flow = await consumeFlow(ctx.db, flowKey(state), provider, now);
      const payload = flow && parseSocialState(flow.payload);
      if (!flow || !payload || payload.provider !== provider) {
        return html(reply, 400, renderFailure(INVALID_STATE));
      }

      let identity: SocialIdentity;
      if (config.kind === 'telegram') {
        const checked = checkTelegramLogin(Object.fromEntries(params), config.botToken, now);
        if (!checked.ok) {
          request.log.warn({ provider, reason: checked.reason }, 'telegram login refused');
          return html(reply, 400, renderFailure(REFUSED));
        }
        identity = checked.identity;
      } else {
        try {
          identity = await completeAuthorization(config, query, {
            state,
            nonce: flow.nonce,
            codeVerifier: flow.codeVerifier,
          });
        } catch (error) {
          const cancelled = error instanceof SocialCallbackError && error.reason === 'provider_error';
          request.log.warn({ err: error, provider }, 'social callback refused');
          return html(reply, 400, renderFailure(cancelled ? CANCELLED : REFUSED));
        }
      }
      return finish(request, reply, payload, identity);
    },
  );

  async function finish(
    request: FastifyRequest,
    reply: FastifyReply,
    state: Parameters<typeof completeSocialLogin>[1],
    identity: SocialIdentity,
  ) {
    let completed: Awaited<ReturnType<typeof completeSocialLogin>>;
    try {
      completed = await completeSocialLogin(deps(request), state, identity, { ip: request.ip });
    } catch (error) {
      if (error instanceof SignUpNotConfirmedError) return html(reply, 422, renderFailure(NOT_CONFIRMED));
      throw error;
    }
    const nonce = randomBytes(16).toString('base64');
    const page = renderCompletion({
      origin: state.origin,
      token: completed.token,
      isNew: completed.isNew,
      nonce,
    });
    return html(reply, 200, page, nonce);
  }
};

function readCookie(header: string | undefined, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=') || null;
  }
  return null;
}

const sandboxParams = z.object({ provider: z.enum(SOCIAL_PROVIDERS) });
const sandboxQuery = z.object({ state: z.string().max(4096).optional() });
const completionForm = z.object({
  state: z.string().max(4096).optional(),
  identity: z.string().max(32).optional(),
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
});
const customIdentity = z.object({
  name: z.string().trim().min(1, 'Enter a name.').max(100, 'The name must be at most 100 characters.'),
  email: z.union([
    z.literal(''),
    z
      .string()
      .trim()
      .toLowerCase()
      .max(EMAIL_MAX, 'The e-mail address is too long.')
      .pipe(z.email('Enter a valid e-mail address, or leave it empty.')),
  ]),
});

const INVALID_STATE = 'This sign-in link is invalid or has expired. Close this window and start again.';
const NOT_CONFIGURED = 'Sign-in with this provider is not available.';
const PROVIDER_DOWN =
  'The sign-in provider cannot be reached right now. Close this window and try again later.';
const CANCELLED = 'The sign-in was cancelled at the provider. Close this window and start again.';
const REFUSED = 'The provider’s answer could not be confirmed. Close this window and start again.';
const NOT_CONFIRMED =
  'No account is linked to this identity yet. To create one, close this window, open the sign-up form, ' +
  'confirm that you are 18 or older, accept the terms and conditions, and continue from there.';

/** The provider's pages live in the popup the web app opened: they keep the opener to report back. */
const html = (reply: FastifyReply, status: number, body: string, scriptNonce?: string) =>
  sendHtml(reply, status, body, { scriptNonce, opener: true });

/**
 * The sandbox social provider (registered outside production only): `GET /sandbox/social/:provider`
 * shows test identities and a custom-identity form; posting either completes the log-in and answers a
 * page that posts `{ type: 'social-login', token, is_new }` to its opener at the state's origin.
 */
export const sandboxSocialRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const { deps } = routeHelpers(ctx);
  app.addHook('onRequest', noStore);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const action = (provider: string) => `/sandbox/social/${provider}`;

  app.get(
    '/sandbox/social/:provider',
    { schema: { params: sandboxParams, querystring: sandboxQuery } },
    async (request, reply) => {
      const { provider } = request.params;
      const state = request.query.state ?? '';
      if (!(await readSocialState(ctx, state, provider)))
        return html(reply, 400, renderFailure(INVALID_STATE));
      return html(reply, 200, renderChooser({ provider, state, action: action(provider) }));
    },
  );

  app.post(
    '/sandbox/social/:provider',
    { config: { geoGuard: true }, schema: { params: sandboxParams } },
    async (request: FastifyRequest<{ Params: z.infer<typeof sandboxParams> }>, reply) => {
      const { provider } = request.params;
      const form = completionForm.safeParse(request.body ?? {});
      if (!form.success) return html(reply, 400, renderFailure('The form could not be read. Start again.'));
      const stateToken = form.data.state ?? '';
      const state = await readSocialState(ctx, stateToken, provider);
      if (!state) return html(reply, 400, renderFailure(INVALID_STATE));

      let identity: SocialIdentity;
      if (form.data.identity !== undefined) {
        const preset = SANDBOX_IDENTITIES.find((candidate) => candidate.key === form.data.identity);
        if (!preset) return html(reply, 400, renderFailure('Unknown test identity. Start again.'));
        identity = { subject: `sandbox:${preset.key}`, name: preset.name, email: preset.email };
      } else {
        const custom = customIdentity.safeParse({ name: form.data.name ?? '', email: form.data.email ?? '' });
        if (!custom.success) {
          const errors: ChooserErrors = {};
          for (const issue of custom.error.issues) {
            const field = issue.path[0] as keyof ChooserErrors;
            errors[field] ??= issue.message;
          }
          const values = { name: form.data.name, email: form.data.email };
          return html(
            reply,
            422,
            renderChooser({ provider, state: stateToken, action: action(provider), values, errors }),
          );
        }
        const email = custom.data.email || null;
        identity = {
          subject: `custom:${email ?? custom.data.name.toLowerCase()}`,
          name: custom.data.name,
          email,
        };
      }

      let completed: Awaited<ReturnType<typeof completeSocialLogin>>;
      try {
        completed = await completeSocialLogin(deps(request), state, identity, { ip: request.ip });
      } catch (error) {
        if (error instanceof SignUpNotConfirmedError) return html(reply, 422, renderFailure(NOT_CONFIRMED));
        throw error;
      }
      const { token, isNew } = completed;
      const nonce = randomBytes(16).toString('base64');
      return html(reply, 200, renderCompletion({ origin: state.origin, token, isNew, nonce }), nonce);
    },
  );
};
