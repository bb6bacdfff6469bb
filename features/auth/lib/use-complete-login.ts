'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale } from 'next-intl';
import { useCallback } from 'react';
import { profileQueryOptions } from '@/lib/session/get-profile';
import { updateSettings } from '@/lib/session/update-settings';
import { identify } from '@/lib/analytics';
import { api } from '@/lib/api/client';
import { buildSsoRedirectUrl } from '@/lib/api/sso-redirect';
import { attachSource, hasSourceAttribution } from '@/lib/attribution';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';

const IS_DEVELOPMENT = process.env.NODE_ENV === 'development';

/**
 * What happens after a successful log-in or registration (spec section 4): the token is saved and the
 * profile fetched; an `sso` link outside development sends the browser there with the current address
 * encoded; otherwise the dialogs close (unless `keepOpen`, for the sign-up confirmation step) and the
 * user's locale is set when they have none.
 */
export function useCompleteLogin() {
  const queryClient = useQueryClient();
  const locale = useLocale();
  return useCallback(
    async ({ token, sso, keepOpen = false }: { token: string; sso?: string | null; keepOpen?: boolean }) => {
      useSessionStore.getState().setToken(token);
      const profile = await queryClient.fetchQuery({ ...profileQueryOptions(), staleTime: 0 });
      identify(String(profile.user.id));
      // Attach the visit's attribution to the account (issue 6). Not awaited; it never rejects.
      if (hasSourceAttribution()) void attachSource(api);
      if (sso && !IS_DEVELOPMENT) {
        window.location.assign(buildSsoRedirectUrl(sso, window.location.href));
        return profile;
      }
      if (!keepOpen) {
        const modals = useModalStore.getState();
        modals.close(MODAL.login);
        modals.close(MODAL.signup);
      }
      if (!profile.user.locale) {
        await updateSettings({ locale }).catch((error: unknown) =>
          console.error('locale save failed', error),
        );
      }
      return profile;
    },
    [queryClient, locale],
  );
}
