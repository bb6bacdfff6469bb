'use client';

import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button-styles';
import { joinVip } from '@/lib/session/join-vip';
import { schedulePostRegistrationDeposit } from '@/features/auth/lib/post-registration';
import { socialLogin, SocialLoginError, type SocialProvider } from '@/features/auth/lib/social-login';
import { useCompleteLogin } from '@/features/auth/lib/use-complete-login';
import { registrationAttribution } from '@/lib/attribution';
import type { Currency } from '@/lib/constants/currencies';
import { FINGERPRINT_REGISTRATION_WAIT_MS } from '@/lib/constants/timing';
import { SOCIAL_PROVIDERS } from '@/lib/contracts/auth';
import { getSealedFingerprintWithin } from '@/lib/fingerprint';
import { usePathname } from '@/lib/i18n/navigation';
import { ROUTES } from '@/lib/routes';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { notify } from '@/lib/stores/notification-store';
import { useAuthError } from './use-auth-error';

/** The sign-up boxes, both ticked, as the social flow carries them (issue 15). */
export interface SignUpConfirmations {
  age_confirmed: true;
  terms_accepted: true;
}

/**
 * Social log-in and registration (spec section 4). A new social registration sends a VIP join
 * request when VIP was asked for (the sign-up dialog's payload) or the page is the VIP page.
 *
 * `confirmations` (the sign-up dialog): called synchronously on a click; null stops the click (the form
 * shows why), else the flow carries them, so that an identity without an account may become one. Without
 * it (the log-in dialog) only an identity that already has an account gets in.
 */
export function SocialButtons({
  currency,
  promo,
  confirmations,
}: {
  currency?: Currency;
  promo?: string;
  confirmations?: () => SignUpConfirmations | null;
}) {
  const t = useTranslations('auth');
  const pathname = usePathname();
  const completeLogin = useCompleteLogin();
  const onError = useAuthError('login');
  const [pending, setPending] = useState<SocialProvider | null>(null);
  const vipRequested = (
    useModalStore((state) => state.payloads[MODAL.signup]) as { vip?: boolean } | undefined
  )?.vip;

  async function start(provider: SocialProvider) {
    const confirmed = confirmations ? confirmations() : undefined;
    if (confirmed === null) return;
    setPending(provider);
    try {
      const attribution = registrationAttribution(promo);
      const wantsVip = Boolean(vipRequested) || pathname === ROUTES.vipClub;
      const { token, isNew } = await socialLogin({
        provider,
        currency,
        ...attribution,
        // Awaited once the window is open (pop-up blockers allow only a window opened at once).
        fpp: getSealedFingerprintWithin(FINGERPRINT_REGISTRATION_WAIT_MS),
        vip: wantsVip,
        ...confirmed,
      });
      await completeLogin({ token });
      if (isNew) {
        schedulePostRegistrationDeposit();
        if (wantsVip)
          await joinVip('social_registration').catch((e: unknown) => console.error('vip join failed', e));
      }
    } catch (error) {
      if (error instanceof SocialLoginError) {
        notify({ kind: 'error', text: t(error.reason === 'blocked' ? 'socialBlocked' : 'socialClosed') });
      } else {
        onError(error);
      }
    } finally {
      setPending(null);
    }
  }

  return (
    <div className="space-y-2">
      <p className="text-center text-xs uppercase tracking-wide text-muted">{t('orWith')}</p>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {SOCIAL_PROVIDERS.map((provider) => (
          <button
            key={provider}
            type="button"
            className={buttonClass.secondary}
            disabled={pending !== null}
            aria-busy={pending === provider}
            aria-label={t('social', { provider: t(`providers.${provider}`) })}
            onClick={() => void start(provider)}
            data-testid={`social-${provider}`}
          >
            {t(`providers.${provider}`)}
          </button>
        ))}
      </div>
    </div>
  );
}
