'use client';

import { useQueryClient } from '@tanstack/react-query';
import { type Profile, profileQueryKey } from '@/lib/session/get-profile';
import { ProfileData } from '@/features/profile/components/profile-data';
import { PasswordChangeForm } from '@/features/password/components/password-change-form';
import { PasswordSetForm } from '@/features/password/components/password-set-form';

/**
 * `/profile/access`: the password change form, or the password set form for an account that has no
 * password yet (`is_password_exists` false, e.g. a social sign-up). Once a password is set the change
 * form takes its place.
 */
export function AccessScreen() {
  const client = useQueryClient();
  const markPasswordSet = () =>
    client.setQueryData<Profile>(profileQueryKey, (profile) =>
      profile ? { ...profile, user: { ...profile.user, is_password_exists: true } } : profile,
    );
  return (
    <ProfileData skeletonRows={1}>
      {(user) =>
        user.is_password_exists === false ? (
          <PasswordSetForm onSet={markPasswordSet} />
        ) : (
          <PasswordChangeForm />
        )
      }
    </ProfileData>
  );
}
