/**
 * hCaptcha on registration, log-in, send-code and forgot-password calls, when HCAPTCHA_SECRET is set.
 * The verifier is injectable (tests pass a fake; nothing here is called without a secret).
 */
import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../../lib/errors';

export const CAPTCHA_FIELD = 'h-captcha-response';
/** Laravel's wording, which the web app hides (spec §5). */
export const CAPTCHA_REQUIRED_MESSAGE = 'The h-captcha-response field is required.';
const SITEVERIFY_URL = 'https://api.hcaptcha.com/siteverify';
const SITEVERIFY_TIMEOUT_MS = 5_000;

export interface CaptchaVerifier {
  /** True when hCaptcha accepts the token; throws when it cannot be asked. */
  verify(token: string, remoteIp: string): Promise<boolean>;
}

/** Posts to hCaptcha's siteverify (https://docs.hcaptcha.com/#verify-the-user-response-server-side). */
export function hcaptchaVerifier(
  secret: string,
  sitekey: string | null,
  fetchImpl: typeof fetch = fetch,
): CaptchaVerifier {
  return {
    async verify(token, remoteIp) {
      const form = new URLSearchParams({ secret, response: token, remoteip: remoteIp });
      if (sitekey) form.set('sitekey', sitekey);
      const response = await fetchImpl(SITEVERIFY_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
        signal: AbortSignal.timeout(SITEVERIFY_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`hCaptcha siteverify answered ${response.status}`);
      const result = (await response.json()) as { success?: unknown };
      return result.success === true;
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
      accepted = await verifier.verify(token, request.ip);
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
