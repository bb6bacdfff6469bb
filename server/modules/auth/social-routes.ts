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
  readSocialState,
  SignUpNotConfirmedError,
  startSocialLogin,
  type SocialIdentity,
} from './social';

/** `PUT /auth/login` (spec §7): starts a social log-in and answers the provider's URL. */
export const socialRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const { deps } = routeHelpers(ctx);
  app.addHook('onRequest', noStore);

  app.put(
    '/auth/login',
    { config: { geoGuard: true }, schema: { body: socialLoginBody, response: { 200: socialLoginReply } } },
    async (request) => {
      const { provider, origin, currency, promo, partner, adplace, stag, age_confirmed, terms_accepted } =
        request.body;
      const url = await startSocialLogin(deps(request), {
        provider,
        origin,
        currency,
        promo,
        partner,
        adplace,
        stag,
        ageConfirmed: age_confirmed,
        termsAccepted: terms_accepted,
        region: request.region,
        apiBaseUrl: ctx.config.apiPublicUrl ?? `${request.protocol}://${request.host}`,
      });
      return { url };
    },
  );
};

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
        completed = await completeSocialLogin(deps(request), state, identity);
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
