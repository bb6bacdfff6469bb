/**
 * hCaptcha on registration, log-in, send-code and forgot-password calls, when HCAPTCHA_SECRET is set.
 * The verifier is injectable (tests pass a fake; nothing here is called without a secret).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../../lib/errors';

export const CAPTCHA_FIELD = 'h-captcha-response';
/** Laravel's wording, which the web app hides (spec §5). */
export const CAPTCHA_REQUIRED_MESSAGE = 'The h-captcha-response field is required.';
/** hCaptcha's siteverify endpoint (HCAPTCHA_VERIFY_URL's default). */
export const HCAPTCHA_SITEVERIFY_URL = 'https://api.hcaptcha.com/siteverify';
const SITEVERIFY_TIMEOUT_MS = 5_000;

/** Where a verifier reports what siteverify said when it refused a token (the request's logger). */
export interface CaptchaLog {
  warn(details: object, message: string): void;
}

export interface CaptchaVerifier {
  /** True when hCaptcha accepts the token; throws when it cannot be asked. */
  verify(token: string, remoteIp: string, log?: CaptchaLog): Promise<boolean>;
}

export interface HcaptchaVerifierOptions {
  secret: string;
  /** The site key tokens must have been issued for (siteverify's `sitekey`); null: not checked. */
  sitekey: string | null;
  /** The siteverify address (HCAPTCHA_VERIFY_URL). */
  verifyUrl?: string;
  timeoutMs?: number;
  fetchImpl?: typeof fetch;
}

/**
 * Posts to hCaptcha's siteverify (https://docs.hcaptcha.com/#verify-the-user-response-server-side): a
 * form-encoded POST of `secret`, `response`, `remoteip` and `sitekey`, answered with JSON
 * `{ success, "error-codes" }`. `success: false` is a refusal (its error codes are logged: a wrong
 * secret or site key shows there); an HTTP error, an unreadable answer, no answer within 5 s or no
 * connection is an error (the caller answers 503).
 */
export function hcaptchaVerifier({
  secret,
  sitekey,
  verifyUrl = HCAPTCHA_SITEVERIFY_URL,
  timeoutMs = SITEVERIFY_TIMEOUT_MS,
  fetchImpl = fetch,
}: HcaptchaVerifierOptions): CaptchaVerifier {
  return {
    async verify(token, remoteIp, log) {
      const form = new URLSearchParams({ secret, response: token, remoteip: remoteIp });
      if (sitekey) form.set('sitekey', sitekey);
      const response = await fetchImpl(verifyUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new Error(`hCaptcha siteverify answered ${response.status}`);
      const result = (await response.json()) as { success?: unknown; 'error-codes'?: unknown };
      if (result.success === true) return true;
      const errorCodes = Array.isArray(result['error-codes']) ? result['error-codes'] : [];
      log?.warn({ errorCodes }, 'hCaptcha refused the token');
      return false;
    },
  };
}

/**
 * preHandler: with a verifier configured, the body's `h-captcha-response` must be present (422 with the
 * exact Laravel text otherwise) and accepted (422 `invalid`); hCaptcha unreachable → 503.
 */
export function requireCaptcha(verifier: CaptchaVerifier | null) {
  return async (request: FastifyRequest): Promise<void> => {
    if (!verifier) return;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = body[CAPTCHA_FIELD];
    if (typeof token !== 'string' || token.trim() === '') {
      throw new ValidationError({ [CAPTCHA_FIELD]: [CAPTCHA_REQUIRED_MESSAGE] });
    }
    let accepted: boolean;
    try {
      accepted = await verifier.verify(token, request.ip, request.log);
    } catch (error) {
      request.log.error({ err: error }, 'hCaptcha verification failed');
      throw new HttpError(503, 'The captcha could not be verified. Please try again later.');
    }
    if (!accepted) {
      throw ValidationError.field(
        CAPTCHA_FIELD,
        'captcha_invalid',
        'The captcha was not accepted. Please try again.',
      );
    }
  };
}
