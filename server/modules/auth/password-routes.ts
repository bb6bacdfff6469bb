import {
  codeSentReply,
  emailCodeConfirmBody,
  forgotEmailBody,
  forgotPhoneBody,
  passwordSetBody,
  passwordUpdateBody,
  phoneCodeConfirmBody,
  phoneTokenCheckBody,
  resetByEmailCodeBody,
  resetByPhoneBody,
  resetByTokenBody,
  resetTokenReply,
  successReply,
  tokenBody,
} from '@/lib/contracts/auth';
import type { AppContext } from '../../context';
import type { RoutePlugin } from '../../lib/zod-fastify';
import { noStore, requireSession } from '../../plugins/request-context';
import { LIMITS } from './limits';
import {
  checkResetToken,
  confirmLinkToken,
  confirmResetCode,
  forgotPassword,
  resetWithCode,
  resetWithToken,
  setPassword,
  updatePassword,
} from './password-service';
import { routeHelpers } from './routes';
import { DEFAULT_MESSAGE_LOCALE } from './templates';

const ok = { success: true as const };
const resetTokenIssued = (token: string) => ({ success: true as const, data: { reset_token: token } });

/** Password restore by e-mail and by phone, and password set/change (spec §7). */
export const passwordRoutes: RoutePlugin<AppContext> = async (app, ctx) => {
  const { deps, limit, captcha } = routeHelpers(ctx);
  app.addHook('onRequest', noStore);

  // --- by e-mail ---
  app.post(
    '/api/v2/auth/password/email/forgot',
    {
      schema: { body: forgotEmailBody, response: { 200: codeSentReply } },
      preHandler: [limit(LIMITS.codeSend), captcha],
    },
    async (request) =>
      forgotPassword(deps(request), {
        kind: 'email',
        address: request.body.email,
        locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
      }),
  );
  app.post(
    '/api/v2/auth/password/email/code/confirm',
    {
      schema: { body: emailCodeConfirmBody, response: { 200: resetTokenReply } },
      preHandler: [limit(LIMITS.codeCheck)],
    },
    async (request) =>
      resetTokenIssued(
        await confirmResetCode(deps(request), {
          kind: 'email',
          address: request.body.email,
          code: request.body.code,
        }),
      ),
  );
  app.post(
    '/api/v2/auth/password/email/token/confirm',
    {
      schema: { body: tokenBody, response: { 200: resetTokenReply } },
      preHandler: [limit(LIMITS.tokenCheck)],
    },
    async (request) => resetTokenIssued(await confirmLinkToken(deps(request), request.body.token)),
  );
  app.post(
    '/api/v2/auth/password/email/token/check',
    { schema: { body: tokenBody, response: { 200: successReply } }, preHandler: [limit(LIMITS.tokenCheck)] },
    async (request) => {
      await checkResetToken(deps(request), { token: request.body.token });
      return ok;
    },
  );
  app.post(
    '/api/v2/auth/password/email/reset/token',
    {
      schema: { body: resetByTokenBody, response: { 200: successReply } },
      preHandler: [limit(LIMITS.tokenCheck)],
    },
    async (request) => {
      await resetWithToken(deps(request), {
        token: request.body.token,
        password: request.body.password,
        passwordConfirm: request.body.password_confirm,
      });
      return ok;
    },
  );
  app.post(
    '/api/v2/auth/password/email/reset/code',
    {
      schema: { body: resetByEmailCodeBody, response: { 200: successReply } },
      preHandler: [limit(LIMITS.codeCheck)],
    },
    async (request) => {
      await resetWithCode(deps(request), {
        kind: 'email',
        address: request.body.email,
        code: request.body.code,
        password: request.body.password,
        passwordConfirm: request.body.password_confirm,
      });
      return ok;
    },
  );

  // --- by phone ---
  app.post(
    '/api/v2/auth/password/phone/forgot',
    {
      schema: { body: forgotPhoneBody, response: { 200: codeSentReply } },
      preHandler: [limit(LIMITS.codeSend), captcha],
    },
    async (request) =>
      forgotPassword(deps(request), {
        kind: 'phone',
        address: request.body.phone,
        locale: request.locale ?? DEFAULT_MESSAGE_LOCALE,
      }),
  );
  app.post(
    '/api/v2/auth/password/phone/code/confirm',
    {
      schema: { body: phoneCodeConfirmBody, response: { 200: resetTokenReply } },
      preHandler: [limit(LIMITS.codeCheck)],
    },
    async (request) =>
      resetTokenIssued(
        await confirmResetCode(deps(request), {
          kind: 'phone',
          address: request.body.phone,
          code: request.body.code,
        }),
      ),
  );
  app.post(
    '/api/v2/auth/password/phone/token/check',
    {
      schema: { body: phoneTokenCheckBody, response: { 200: successReply } },
      preHandler: [limit(LIMITS.tokenCheck)],
    },
    async (request) => {
      await checkResetToken(deps(request), { token: request.body.token, phone: request.body.phone });
      return ok;
    },
  );
  app.post(
    '/api/v2/auth/password/phone/reset',
    {
      schema: { body: resetByPhoneBody, response: { 200: successReply } },
      preHandler: [limit(LIMITS.tokenCheck)],
    },
    async (request) => {
      await resetWithToken(deps(request), {
        token: request.body.token,
        phone: request.body.phone,
        password: request.body.password,
        passwordConfirm: request.body.password_confirm,
      });
      return ok;
    },
  );

  // --- set and change (logged in) ---
  app.post(
    '/api/v2/auth/password/set',
    { schema: { body: passwordSetBody, response: { 200: successReply } }, config: { auth: 'required' } },
    async (request) => {
      await setPassword(deps(request), {
        userId: requireSession(request).userId,
        password: request.body.password,
        confirmPassword: request.body.confirm_password,
      });
      return ok;
    },
  );
  app.post(
    '/password/update',
    {
      schema: { body: passwordUpdateBody, response: { 200: successReply } },
      config: { auth: 'required' },
      preHandler: [limit(LIMITS.passwordChange)],
    },
    async (request) => {
      await updatePassword(deps(request), {
        session: requireSession(request),
        oldPassword: request.body.old_password,
        password: request.body.password,
        passwordConfirm: request.body.password_confirm,
      });
      return ok;
    },
  );
};
