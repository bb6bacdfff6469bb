import { queryOptions } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { api } from '@/lib/api/client';
import { userSchema, type User } from '@/lib/api/schemas/user';
import { COOKIE, cookieExpiresFor } from '@/lib/constants/cookies';
import { z } from 'zod';
import { profileReply } from '@/lib/contracts/auth';
import { useSessionStore } from '@/lib/stores/session-store';
import { profileQueryKey } from './session-keys';

/** The user is parsed by the web's own, more tolerant User schema (another backend may send more). */
const profileEnvelope = profileReply.extend({ user: z.record(z.string(), z.unknown()) });

export interface Profile {
  user: User;
  features: Record<string, boolean>;
  region: 'KZ' | 'RU';
}

/**
 * `GET /profile/user` (spec section 7): sends `whoAreYou` from the super_bonus cookie; keeps the
 * `fresh_token` it answers as the session token and the `super_bonus` tag in its cookie (182 days).
 */
export async function getProfile(): Promise<Profile> {
  const whoAreYou = Cookies.get(COOKIE.superBonus);
  const response = await api.get('/profile/user', { params: whoAreYou ? { whoAreYou } : undefined });
  const reply = profileEnvelope.parse(response.data);
  const user = userSchema.parse(reply.user);
  const session = useSessionStore.getState();
  if (reply.fresh_token) session.setToken(reply.fresh_token);
  if (reply.super_bonus) {
    Cookies.set(COOKIE.superBonus, reply.super_bonus, {
      expires: cookieExpiresFor(COOKIE.superBonus),
      path: '/',
      sameSite: 'lax',
    });
  }
  session.setUser(user);
  return { user, features: reply.features, region: reply.region };
}

// The keys live apart from the call (no API client, no schema), for code that only invalidates.
export { profileQueryKey, sessionKeys } from './session-keys';

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 60_000, retry: false });
