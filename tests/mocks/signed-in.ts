import { act } from '@testing-library/react';
import type { User } from '@/lib/api/schemas/user';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from './fixtures';

/** Signs the test user in (the session store), with `user` overrides (e.g. their timezone). */
export function signInTestUser(user: Partial<User> = {}): void {
  act(() => useSessionStore.setState({ token: 't', isLoggedIn: true, user: { ...testUser, ...user } }));
}

/** Text with the narrow and non-breaking spaces of `Intl` formats turned into plain spaces. */
export const plainSpaces = (text: string | null | undefined) => text?.replace(/[\u00a0\u202f]/g, ' ');
