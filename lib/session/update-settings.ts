import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { userSchema } from '@/lib/api/schemas/user';
import type { profileSettingsBody } from '@/lib/contracts/auth';
import { useSessionStore } from '@/lib/stores/session-store';

export type SettingsChange = z.input<typeof profileSettingsBody>;

/** `PUT /profile/settings` with one of locale, timezone, is_avatar_hidden, is_statistics_hidden. */
export async function updateSettings(change: SettingsChange) {
  const response = await api.put('/profile/settings', change);
  const user = userSchema.parse((response.data as { user?: unknown }).user ?? response.data);
  useSessionStore.getState().setUser(user);
  return user;
}
