import type { FastifyRequest } from 'fastify';
import {
  authReply,
  codeSentReply,
  loginEmailCodeBody,
  loginEmailPasswordBody,
  loginPhoneCodeBody,
  loginPhonePasswordBody,
  refreshReply,
  registerEmailBody,
  registerPhoneBody,
  sendEmailCodeBody,
  sendPhoneCodeBody,
  smsQuery,
  successReply,
  verifyCodeBody,
} from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import { rateLimit, type LimitSpec } from '../../lib/rate-limit';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { openUpload } from '../devices/service';
import { requireCaptcha } from './captcha';
import type { AuthDeps } from './deps';
import { LIMITS } from './limits';
import {
  loginWithCode,
  loginWithPassword,
  logout,
  register,
  sendLoginCode,
  sendLoginData,
  sendVerificationCode,
  verifyAccount,
  type DeviceInput,
  type LoginKind,
} from './service';
import { DEFAULT_MESSAGE_LOCALE } from './templates';
import { bearerToken, refreshSession } from './tokens';

/** Shared by the accounts route modules. */
export function routeHelpers(ctx: AppContext) {
  return {
    deps: (request: FastifyRequest): AuthDeps => ({ ...ctx, log: request.log }),
    limit: (specs: LimitSpec[]) =>
      rateLimit({ db: ctx.db, clock: ctx.clock, enabled: ctx.config.rateLimitEnabled }, specs),
    captcha: requireCaptcha(ctx.captcha),
    /** The device fingerprint a sign-up or log-in uploaded, opened, with the request's IP. */
    device: async (request: FastifyRequest, fpp: string | null | undefined): Promise<DeviceInput> => ({
      upload: await openUpload(ctx.keys.deviceSeal, fpp),
      ip: request.ip,
    }),
  };
}

const signedIn = (token: string) => ({ success: true as const, token, sso: null });

/** Sign-up, log-in, codes, account verification and the session calls of spec §7 "Authentication". */
export const authRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const { deps, limit, captcha, device } = routeHelpers(ctx);
  app.addHook('onRequest', noStore);

  // --- sign-up ---
  app.post(
    '/api/v2/auth/register/email',
    {
      config: { geoGuard: true },
      schema: { body: registerEmailBody, response: { 200: authReply } },
      preHandler: [limit(LIMITS.register), captcha],
    },
    async (request) => {
      const { email, password, currency, age_confirmed, terms_accepted, fpp, partner, adplace, stag, promo } =
        request.body;
      const token = await register(deps(request), {
        kind: 'email',
        address: email,
        password,
        currency,
        confirmations: { ageConfirmed: age_confirmed, termsAccepted: terms_accepted },
        attribution: { partner, adplace, stag, promo },
        device: await device(request, fpp),
        locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
        region: request.region,
      });
      return signedIn(token);
    },
  );

  app.post(
    '/api/v2/auth/register/phone',
    {
      config: { geoGuard: true },
      schema: { body: registerPhoneBody, response: { 200: authReply } },
      preHandler: [limit(LIMITS.register), captcha],
    },
    async (request) => {
      const { phone, password, currency, age_confirmed, terms_accepted, fpp, partner, adplace, stag, promo } =
        request.body;
      const token = await register(deps(request), {
        kind: 'phone',
        address: phone,
        password,
        currency,
        confirmations: { ageConfirmed: age_confirmed, termsAccepted: terms_accepted },
        attribution: { partner, adplace, stag, promo },
        device: await device(request, fpp),
        locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
        region: request.region,
      });
      return signedIn(token);
    },
  );

  // --- log-in with a password ---
  app.post(
    '/api/v2/auth/login/email/password',
    {
      config: { geoGuard: true },
      schema: { body: loginEmailPasswordBody, response: { 200: authReply } },
      preHandler: [limit(LIMITS.passwordLogin), captcha],
    },
    async (request) =>
      signedIn(
        await loginWithPassword(deps(request), {
          kind: 'email',
          address: request.body.email,
          password: request.body.password,
          device: await device(request, request.body.fpp),
        }),
      ),
  );

  app.post(
    '/api/v2/auth/login/phone/password',
    {
      config: { geoGuard: true },
      schema: { body: loginPhonePasswordBody, querystring: smsQuery, response: { 200: authReply } },
      preHandler: [limit(LIMITS.passwordLogin), captcha],
    },
    async (request) =>
      signedIn(
        await loginWithPassword(deps(request), {
          kind: 'phone',
          address: request.body.phone,
          password: request.body.password,
          device: await device(request, request.body.fpp),
        }),
      ),
  );

  // --- log-in with a one-time code ---
  const sendCode = (kind: LoginKind, resend: boolean) => async (request: FastifyRequest) => {
    const body = request.body as { email?: string; phone?: string };
    return sendLoginCode(deps(request), {
      kind,
      address: (kind === 'email' ? body.email : body.phone) as string,
      locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
      resend,
    });
  };

  app.post(
    '/api/v2/auth/login/email/verification',
    {
      config: { geoGuard: true },
      schema: { body: sendEmailCodeBody, response: { 200: codeSentReply } },
      preHandler: [limit(LIMITS.codeSend), captcha],
    },
    sendCode('email', false),
  );
  app.post(
    '/api/v2/auth/login/phone/verification',
    {
      config: { geoGuard: true },
      schema: { body: sendPhoneCodeBody, querystring: smsQuery, response: { 200: codeSentReply } },
      preHandler: [limit(LIMITS.codeSend), captcha],
    },
    sendCode('phone', false),
  );
  app.post(
    '/api/v2/auth/login/email/resend',
    {
      config: { geoGuard: true },
      schema: { body: sendEmailCodeBody, response: { 200: codeSentReply } },
      preHandler: [limit(LIMITS.codeSend)],
    },
    sendCode('email', true),
  );
  app.post(
    '/api/v2/auth/login/phone/code/resend',
    {
      config: { geoGuard: true },
      schema: { body: sendPhoneCodeBody, querystring: smsQuery, response: { 200: codeSentReply } },
      preHandler: [limit(LIMITS.codeSend)],
    },
    sendCode('phone', true),
  );

  app.post(
    '/api/v2/auth/login/email/code',
    {
      config: { geoGuard: true },
      schema: { body: loginEmailCodeBody, response: { 200: authReply } },
      preHandler: [limit(LIMITS.codeCheck)],
    },
    async (request) =>
      signedIn(
        await loginWithCode(deps(request), {
          kind: 'email',
          address: request.body.email,
          code: request.body.code,
          device: await device(request, request.body.fpp),
        }),
      ),
  );
  app.post(
    '/api/v2/auth/login/phone/code',
    {
      config: { geoGuard: true },
      schema: { body: loginPhoneCodeBody, querystring: smsQuery, response: { 200: authReply } },
      preHandler: [limit(LIMITS.codeCheck)],
    },
    async (request) =>
      signedIn(
        await loginWithCode(deps(request), {
          kind: 'phone',
          address: request.body.phone,
          code: request.body.code,
          device: await device(request, request.body.fpp),
        }),
      ),
  );

  // --- verification of the account's own address (logged in) ---
  for (const kind of ['email', 'phone'] as const) {
    app.post(
      `/api/v2/auth/${kind}/resend`,
      {
        schema: { response: { 200: codeSentReply } },
        config: { auth: 'required' },
        preHandler: [limit(LIMITS.accountCodeSend)],
      },
      async (request) =>
        sendVerificationCode(deps(request), {
          userId: requireSession(request).userId,
          kind,
          locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
        }),
    );
    app.post(
      `/api/v2/auth/${kind}/verify/code`,
      {
        schema: { body: verifyCodeBody, response: { 200: successReply } },
        config: { auth: 'required' },
        preHandler: [limit(LIMITS.accountCodeCheck)],
      },
      async (request) => {
        await verifyAccount(deps(request), {
          userId: requireSession(request).userId,
          kind,
          code: request.body.code,
        });
        return { success: true as const };
      },
    );
  }

  // --- session ---
  app.post('/auth/refresh-token', { schema: { response: { 200: refreshReply } } }, async (request) => {
    const token = await refreshSession(
      ctx.db,
      ctx.keys.accessToken,
      bearerToken(request.headers.authorization),
      ctx.clock(),
    );
    return { access_token: token };
  });

  app.put(
    '/auth/logout',
    { schema: { response: { 200: successReply } }, config: { auth: 'required' } },
    async (request) => {
      await logout(deps(request), requireSession(request));
      return { success: true as const };
    },
  );

  app.post(
    '/auth/send_login_data',
    {
      schema: { response: { 200: successReply } },
      config: { auth: 'required' },
      preHandler: [limit(LIMITS.loginData)],
    },
    async (request) => {
      await sendLoginData(deps(request), {
        userId: requireSession(request).userId,
        locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
      });
      return { success: true as const };
    },
  );
};
