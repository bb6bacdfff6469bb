import { queryOptions } from '@tanstack/react-query';
import { checkEmailToken } from './restore-by-email';
import { checkPhoneToken } from './restore-by-phone';

/** Query keys of the password feature. */
export const passwordKeys = {
  all: ['password'] as const,
  resetToken: (token: string, phone: string | null) =>
    [...passwordKeys.all, 'reset-token', phone ? 'phone' : 'email', token, phone ?? ''] as const,
};

/**
 * The check `/reset-password/{token}` runs on load: the phone token check when the query has a phone
 * (spec section 2), the e-mail token check otherwise. A query, so a re-render or a remount does not
 * repeat it; never retried (a failed check is an answer).
 */
export const resetTokenCheckQueryOptions = (token: string, phone: string | null) =>
  queryOptions({
    queryKey: passwordKeys.resetToken(token, phone),
    queryFn: () => (phone ? checkPhoneToken({ phone, token }) : checkEmailToken({ token })),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
