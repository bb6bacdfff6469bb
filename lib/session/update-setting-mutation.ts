'use client';

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isAxiosError } from 'axios';
import { messageOf, validationErrorsOf } from '@/lib/api/errors';
import type { User } from '@/lib/api/schemas/user';
import { type Profile, profileQueryKey, sessionKeys } from './get-profile';
import { type SettingsChange, updateSettings } from './update-settings';

/** The four settings `PUT /profile/settings` takes, one per call. */
export type SettingField = 'locale' | 'timezone' | 'is_avatar_hidden' | 'is_statistics_hidden';

/**
 * The key of a failed settings update, looked up as `error.{error}` for the notification title (spec
 * section 8): the answer's `error`, else the key of its first validation message, else the HTTP
 * client's message ('Network Error', ...), which is shown raw.
 */
export function settingsErrorKey(error: unknown): string {
  if (isAxiosError(error)) {
    const key = (error.response?.data as { error?: unknown } | undefined)?.error;
    if (typeof key === 'string' && key) return key;
  }
  const errors = validationErrorsOf(error);
  const first = errors
    ? Object.values(errors).flatMap((v) => (Array.isArray(v) ? v : v ? [v] : []))[0]
    : undefined;
  return typeof first === 'string' && first ? first : messageOf(error);
}

const patchUser = (client: ReturnType<typeof useQueryClient>, patch: Partial<User>) =>
  client.setQueryData<Profile>(profileQueryKey, (profile) =>
    profile ? { ...profile, user: { ...profile.user, ...patch } } : profile,
  );

/**
 * Saves one setting optimistically: the profile in the cache shows the new value at once, the reply's
 * value replaces it, and a failure puts the old value back before `onError` runs.
 */
export function useUpdateSetting<F extends SettingField>(
  field: F,
  { onError, onSuccess }: { onError?: (error: unknown) => void; onSuccess?: (value: User[F]) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: sessionKeys.setting(field),
    mutationFn: (value: NonNullable<User[F]>) => updateSettings({ [field]: value } as SettingsChange),
    onMutate: async (value) => {
      await client.cancelQueries({ queryKey: profileQueryKey });
      const previous = client.getQueryData<Profile>(profileQueryKey)?.user[field];
      patchUser(client, { [field]: value } as Partial<User>);
      return { previous };
    },
    onError: (error, _value, context) => {
      if (context) patchUser(client, { [field]: context.previous } as Partial<User>);
      onError?.(error);
    },
    onSuccess: (user, value) => {
      const saved = (user[field] ?? value) as User[F];
      patchUser(client, { [field]: saved } as Partial<User>);
      onSuccess?.(saved);
    },
  });
}
