import type { z } from 'zod';
import { api } from '@/lib/api/client';
import {
  codeSentReply,
  emailCodeConfirmBody,
  forgotEmailBody,
  resetByEmailCodeBody,
  resetByTokenBody,
  resetTokenReply,
  successReply,
  tokenBody,
} from '@/lib/contracts/auth';

/**
 * Password restore by e-mail (spec section 7). Guest calls: a 401 here is an answer, not an expired
 * session, so none of them triggers the token refresh. Each reply is parsed with the shared contract.
 */
type In<S extends z.ZodType> = z.input<S>;
const guest = { skipAuthRefresh: true } as const;
const base = '/api/v2/auth/password/email';

/** Sends the restore e-mail: a six-digit code and a link to `/reset-password/{token}`. */
export const forgotByEmail = (body: In<typeof forgotEmailBody>) =>
  api.post(`${base}/forgot`, body, guest).then((r) => codeSentReply.parse(r.data));

/** Trades the e-mailed code for a reset token (`data.reset_token`). */
export const confirmEmailCode = (body: In<typeof emailCodeConfirmBody>) =>
  api.post(`${base}/code/confirm`, body, guest).then((r) => resetTokenReply.parse(r.data));

/** Trades the link's token for a reset token. */
export const confirmEmailToken = (body: In<typeof tokenBody>) =>
  api.post(`${base}/token/confirm`, body, guest).then((r) => resetTokenReply.parse(r.data));

/** Whether a reset token is still good; rejects when it expired or was used. */
export const checkEmailToken = (body: In<typeof tokenBody>) =>
  api.post(`${base}/token/check`, body, guest).then((r) => successReply.parse(r.data));

/** Sets the new password with a reset token. */
export const resetByEmailToken = (body: In<typeof resetByTokenBody>) =>
  api.post(`${base}/reset/token`, body, guest).then((r) => successReply.parse(r.data));

/** Sets the new password with the e-mailed code directly. */
export const resetByEmailCode = (body: In<typeof resetByEmailCodeBody>) =>
  api.post(`${base}/reset/code`, body, guest).then((r) => successReply.parse(r.data));
