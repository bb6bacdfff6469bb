import type { z } from 'zod';
import { api } from '@/lib/api/client';
import {
  authReply,
  codeSentReply,
  loginEmailCodeBody,
  loginEmailPasswordBody,
  loginPhoneCodeBody,
  loginPhonePasswordBody,
  registerEmailBody,
  registerPhoneBody,
  sendEmailCodeBody,
  sendPhoneCodeBody,
  socialLoginBody,
  socialLoginReply,
  successReply,
  verifyCodeBody,
} from '@/lib/contracts/auth';

/**
 * The authentication calls of spec section 7. Each parses its reply with the shared contract, so a
 * drift between web and API fails here, loudly. Log-in calls skip the token refresh: their 401/422
 * means wrong credentials, not an expired session.
 */
type In<S extends z.ZodType> = z.input<S>;

export const registerByEmail = (body: In<typeof registerEmailBody>) =>
  api.post('/api/v2/auth/register/email', body).then((r) => authReply.parse(r.data));
export const registerByPhone = (body: In<typeof registerPhoneBody>) =>
  api.post('/api/v2/auth/register/phone', body).then((r) => authReply.parse(r.data));

export const loginByEmailPassword = (body: In<typeof loginEmailPasswordBody>) =>
  api
    .post('/api/v2/auth/login/email/password', body, { skipAuthRefresh: true })
    .then((r) => authReply.parse(r.data));
export const loginByEmailCode = (body: In<typeof loginEmailCodeBody>) =>
  api
    .post('/api/v2/auth/login/email/code', body, { skipAuthRefresh: true })
    .then((r) => authReply.parse(r.data));
export const loginByPhonePassword = (body: In<typeof loginPhonePasswordBody>, sms: boolean) =>
  api
    .post('/api/v2/auth/login/phone/password', body, {
      skipAuthRefresh: true,
      params: sms ? { type: 'sms' } : undefined,
    })
    .then((r) => authReply.parse(r.data));
export const loginByPhoneCode = (body: In<typeof loginPhoneCodeBody>, sms: boolean) =>
  api
    .post('/api/v2/auth/login/phone/code', body, {
      skipAuthRefresh: true,
      params: sms ? { type: 'sms' } : undefined,
    })
    .then((r) => authReply.parse(r.data));

/** Sends a one-time log-in code. */
export const sendEmailLoginCode = (body: In<typeof sendEmailCodeBody>) =>
  api.post('/api/v2/auth/login/email/verification', body).then((r) => codeSentReply.parse(r.data));
export const sendPhoneLoginCode = (body: In<typeof sendPhoneCodeBody>) =>
  api.post('/api/v2/auth/login/phone/verification', body).then((r) => codeSentReply.parse(r.data));
export const resendEmailLoginCode = (body: In<typeof sendEmailCodeBody>) =>
  api.post('/api/v2/auth/login/email/resend', body).then((r) => codeSentReply.parse(r.data));
export const resendPhoneLoginCode = (body: In<typeof sendPhoneCodeBody>) =>
  api
    .post('/api/v2/auth/login/phone/code/resend', body, { params: { type: 'sms' } })
    .then((r) => codeSentReply.parse(r.data));

/** The logged-in user's own address: resend and verify its code. */
export const resendEmailVerification = () =>
  api.post('/api/v2/auth/email/resend', {}).then((r) => codeSentReply.parse(r.data));
export const resendPhoneVerification = () =>
  api.post('/api/v2/auth/phone/resend', {}).then((r) => codeSentReply.parse(r.data));
export const verifyEmailCode = (body: In<typeof verifyCodeBody>) =>
  api.post('/api/v2/auth/email/verify/code', body).then((r) => successReply.parse(r.data));
export const verifyPhoneCode = (body: In<typeof verifyCodeBody>) =>
  api.post('/api/v2/auth/phone/verify/code', body).then((r) => successReply.parse(r.data));

export const startSocialLogin = (body: In<typeof socialLoginBody>) =>
  api.put('/auth/login', body).then((r) => socialLoginReply.parse(r.data));

export const sendLoginData = () => api.post('auth/send_login_data', {});
