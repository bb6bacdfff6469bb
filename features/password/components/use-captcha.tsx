'use client';

import { useLocale } from 'next-intl';
import { useState } from 'react';
// The log-in dialogs' widget; it belongs in components/ui once both features use it (see the report).
import { Captcha, HCAPTCHA_SITE_KEY, type CaptchaState } from '@/components/ui/captcha';

/**
 * The bot-protection field of the calls that send a code (spec section 7). Without a site key there is
 * no widget and nothing is sent; with one, the call waits for a token unless the widget failed to load.
 * Call `reset` after every call that sent the token.
 */
export function useCaptcha() {
  const locale = useLocale();
  const [token, setToken] = useState<string | null>(null);
  const [state, setState] = useState<CaptchaState>('off');
  const [generation, setGeneration] = useState(0);
  return {
    body: HCAPTCHA_SITE_KEY ? { 'h-captcha-response': token } : {},
    blocks: HCAPTCHA_SITE_KEY !== null && state !== 'failed' && !token,
    widget: (
      <Captcha
        key={generation}
        onToken={setToken}
        onState={setState}
        language={locale === 'kz' ? 'kk' : locale}
      />
    ),
    /** A token is good for one call: after each call the widget starts over. */
    reset: () => {
      setToken(null);
      setGeneration((g) => g + 1);
    },
  };
}
