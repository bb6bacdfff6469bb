import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { z } from 'zod';
import {
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
  tokenBody,
} from '@/lib/contracts/auth';
import { apiPath } from './handlers';

/** The reset token the code confirmations hand out. */
export const RESET_TOKEN = 'reset-token-0123456789abcdef';
/** What the forgot calls answer: the next resend in 60 s, the code lives 10 minutes. */
export const CODE_SENT = { success: true, resend_after: 60, expires_in: 600 } as const;

/** A 422 in the DESIGN.md format. */
export const validationFailure = (errors: Record<string, string[]>) =>
  HttpResponse.json({ message: 'The given data was invalid.', errors }, { status: 422 });

/**
 * A POST handler that checks the body against the contract (a drift answers 422 `contract: ...`, so a
 * test fails loudly) and then answers `reply`.
 */
const contractPost = (path: string, body: z.ZodType, reply: JsonBodyType) =>
  http.post(apiPath(path), async ({ request }) => {
    const parsed = body.safeParse(await request.json());
    if (!parsed.success) return validationFailure({ body: [`contract: ${parsed.error.message}`] });
    return HttpResponse.json(reply);
  });

const ok = { success: true } as const;
const tokenReply = { success: true, data: { reset_token: RESET_TOKEN } } as const;
const email = '/api/v2/auth/password/email';
const phone = '/api/v2/auth/password/phone';

/** Happy-path answers of every password call (restore by e-mail and phone, set, update). */
export const passwordHandlers = [
  contractPost(`${email}/forgot`, forgotEmailBody, CODE_SENT),
  contractPost(`${email}/code/confirm`, emailCodeConfirmBody, tokenReply),
  contractPost(`${email}/token/confirm`, tokenBody, tokenReply),
  contractPost(`${email}/token/check`, tokenBody, ok),
  contractPost(`${email}/reset/token`, resetByTokenBody, ok),
  contractPost(`${email}/reset/code`, resetByEmailCodeBody, ok),
  contractPost(`${phone}/forgot`, forgotPhoneBody, CODE_SENT),
  contractPost(`${phone}/code/confirm`, phoneCodeConfirmBody, tokenReply),
  contractPost(`${phone}/token/check`, phoneTokenCheckBody, ok),
  contractPost(`${phone}/reset`, resetByPhoneBody, ok),
  contractPost('/api/v2/auth/password/set', passwordSetBody, ok),
  contractPost('/password/update', passwordUpdateBody, ok),
];
