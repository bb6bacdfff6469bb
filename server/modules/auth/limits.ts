/**
 * Brute-force limits of the accounts calls (server/lib/rate-limit.ts counts them in PostgreSQL). Per
 * (IP, identity) they stop guessing one account's password or code; per identity they stop a guesser
 * spreading over many IPs; per IP they stop one client spraying many accounts or SMS numbers.
 */
import type { FastifyRequest } from 'fastify';
import type { LimitSpec, RateLimitRule } from '../../lib/rate-limit';
import { requireSession } from '../../plugins/request-context';

const MINUTE = 60_000;

export const RULES = {
  register: { name: 'register:ip', max: 20, windowMs: 10 * MINUTE },
  passwordLoginPerIpAndIdentity: { name: 'login-password:ip+id', max: 5, windowMs: MINUTE },
  passwordLoginPerIdentity: { name: 'login-password:id', max: 30, windowMs: 10 * MINUTE },
  passwordLoginPerIp: { name: 'login-password:ip', max: 100, windowMs: 10 * MINUTE },
  codeCheckPerIpAndIdentity: { name: 'code-check:ip+id', max: 5, windowMs: MINUTE },
  codeCheckPerIdentity: { name: 'code-check:id', max: 20, windowMs: 10 * MINUTE },
  codeCheckPerIp: { name: 'code-check:ip', max: 100, windowMs: 10 * MINUTE },
  codeSendPerIp: { name: 'code-send:ip', max: 30, windowMs: 10 * MINUTE },
  codeSendPerIdentity: { name: 'code-send:id', max: 10, windowMs: 60 * MINUTE },
  tokenCheckPerIp: { name: 'reset-token:ip', max: 30, windowMs: MINUTE },
  accountCodeSendPerUser: { name: 'account-code-send:user', max: 10, windowMs: 60 * MINUTE },
  accountCodeCheckPerUser: { name: 'account-code-check:user', max: 5, windowMs: MINUTE },
  loginDataPerUser: { name: 'login-data:user', max: 3, windowMs: 10 * MINUTE },
  passwordChangePerUser: { name: 'password-change:user', max: 5, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/** The e-mail or phone of the request body (already normalised by validation). */
function identity(request: FastifyRequest): string | undefined {
  const body = (request.body ?? {}) as { email?: unknown; phone?: unknown };
  if (typeof body.email === 'string') return `email:${body.email}`;
  if (typeof body.phone === 'string') return `phone:${body.phone}`;
  return undefined;
}

const perIp = (rule: RateLimitRule): LimitSpec => ({ rule, key: (request) => request.ip });
const perIdentity = (rule: RateLimitRule): LimitSpec => ({ rule, key: identity });
const perIpAndIdentity = (rule: RateLimitRule): LimitSpec => ({
  rule,
  key: (request) => {
    const id = identity(request);
    return id && `${request.ip}|${id}`;
  },
});
const perUser = (rule: RateLimitRule): LimitSpec => ({
  rule,
  key: (request) => String(requireSession(request).userId),
});

export const LIMITS = {
  register: [perIp(RULES.register)],
  passwordLogin: [
    perIpAndIdentity(RULES.passwordLoginPerIpAndIdentity),
    perIdentity(RULES.passwordLoginPerIdentity),
    perIp(RULES.passwordLoginPerIp),
  ],
  codeCheck: [
    perIpAndIdentity(RULES.codeCheckPerIpAndIdentity),
    perIdentity(RULES.codeCheckPerIdentity),
    perIp(RULES.codeCheckPerIp),
  ],
  codeSend: [perIp(RULES.codeSendPerIp), perIdentity(RULES.codeSendPerIdentity)],
  tokenCheck: [perIp(RULES.tokenCheckPerIp)],
  accountCodeSend: [perUser(RULES.accountCodeSendPerUser)],
  accountCodeCheck: [perUser(RULES.accountCodeCheckPerUser)],
  loginData: [perUser(RULES.loginDataPerUser)],
  passwordChange: [perUser(RULES.passwordChangePerUser)],
} satisfies Record<string, LimitSpec[]>;
