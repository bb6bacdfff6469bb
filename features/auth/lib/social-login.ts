import { startSocialLogin } from '@/features/auth/api/auth-calls';
import { socialLoginMessage, type SOCIAL_PROVIDERS } from '@/lib/contracts/auth';
import type { Currency } from '@/lib/constants/currencies';

export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export class SocialLoginError extends Error {
  constructor(readonly reason: 'blocked' | 'closed') {
    super(`social login ${reason}`);
  }
}

/**
 * Social log-in (spec section 4): a new window opens and the provider URL is loaded into it; the flow
 * finishes on a message event from the provider's origin carrying the token. The window is opened
 * synchronously (before any await) so that pop-up blockers allow it.
 */
export async function socialLogin(input: {
  provider: SocialProvider;
  currency?: Currency | null;
  promo?: string | null;
  partner?: string | null;
  adplace?: string | null;
  stag?: string | null;
  vip?: boolean;
  /** The sign-up boxes (the sign-up dialog only): needed for an identity that has no account yet. */
  age_confirmed?: boolean;
  terms_accepted?: boolean;
  /** The sealed device fingerprint, awaited once the window is open (at most a short wait). */
  fpp?: Promise<string | null>;
}): Promise<{ token: string; isNew: boolean }> {
  const popup = window.open('', 'social-login', 'width=520,height=680');
  if (!popup) throw new SocialLoginError('blocked');
  let url: string;
  try {
    const { fpp, ...body } = input;
    ({ url } = await startSocialLogin({
      ...body,
      fpp: fpp ? await fpp : null,
      origin: window.location.origin,
    }));
  } catch (error) {
    popup.close();
    throw error;
  }
  popup.location.href = url;
  const providerOrigin = new URL(url, window.location.href).origin;

  return new Promise((resolve, reject) => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== providerOrigin || event.source !== popup) return;
      const parsed = socialLoginMessage.safeParse(event.data);
      if (!parsed.success) return;
      cleanup();
      resolve({ token: parsed.data.token, isNew: parsed.data.is_new });
    };
    const closedPoll = setInterval(() => {
      if (popup.closed) {
        cleanup();
        reject(new SocialLoginError('closed'));
      }
    }, 500);
    function cleanup() {
      window.removeEventListener('message', onMessage);
      clearInterval(closedPoll);
    }
    window.addEventListener('message', onMessage);
  });
}
