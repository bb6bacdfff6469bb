import type { z } from 'zod';
import { api } from '@/lib/api/client';
import {
  codeSentReply,
  forgotPhoneBody,
  phoneCodeConfirmBody,
  phoneTokenCheckBody,
  resetByPhoneBody,
  resetTokenReply,
  successReply,
} from '@/lib/contracts/auth';

/**
 * Password restore by phone (spec section 7). Phones travel in E.164 (`+77011234567`). Guest calls:
 * none of them triggers the token refresh.
 */
type In<S extends z.ZodType> = z.input<S>;
const guest = { skipAuthRefresh: true } as const;
const base = '/api/v2/auth/password/phone';

/** Sends the restore code by SMS. */
export const forgotByPhone = (body: In<typeof forgotPhoneBody>) =>
  api.post(`${base}/forgot`, body, guest).then((r) => codeSentReply.parse(r.data));

/** Trades the SMS code for a reset token (`data.reset_token`). */
export const confirmPhoneCode = (body: In<typeof phoneCodeConfirmBody>) =>
  api.post(`${base}/code/confirm`, body, guest).then((r) => resetTokenReply.parse(r.data));

/** Whether the phone's reset token is still good (spec section 2: checked first on /reset-password). */
export const checkPhoneToken = (body: In<typeof phoneTokenCheckBody>) =>
  api.post(`${base}/token/check`, body, guest).then((r) => successReply.parse(r.data));

/** Sets the new password with the phone's reset token. */
export const resetByPhone = (body: In<typeof resetByPhoneBody>) =>
  api.post(`${base}/reset`, body, guest).then((r) => successReply.parse(r.data));
