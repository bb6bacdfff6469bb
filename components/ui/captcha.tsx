'use client';

import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';

const HCaptcha = dynamic(() => import('@hcaptcha/react-hcaptcha'), { ssr: false });

/** The bot-protection public site key (spec section 7). Without it no widget loads and none is required. */
export const HCAPTCHA_SITE_KEY = process.env.NEXT_PUBLIC_HCAPTCHA_SITE_KEY || null;
/** How long the widget may take to load before the form says it failed. */
export const CAPTCHA_LOAD_TIMEOUT_MS = 10_000;

export type CaptchaState = 'off' | 'loading' | 'ready' | 'failed';

/**
 * The hCaptcha widget. Its token goes to `onToken`; an expired token is cleared. When the script
 * cannot load (an error, or nothing within 10 s) the state becomes 'failed', so the form resets its
 * loading state and says what happened (spec section 8).
 */
export function Captcha({
  onToken,
  onState,
  language,
}: {
  onToken: (token: string | null) => void;
  onState: (state: CaptchaState) => void;
  language: string;
}) {
  const t = useTranslations('auth');
  const [state, setState] = useState<CaptchaState>(HCAPTCHA_SITE_KEY ? 'loading' : 'off');

  useEffect(() => {
    onState(state);
  }, [state, onState]);
  useEffect(() => {
    if (state !== 'loading') return;
    const timer = setTimeout(() => setState('failed'), CAPTCHA_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  if (!HCAPTCHA_SITE_KEY) return null;
  return (
    <div className="min-h-20" data-testid="captcha">
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {t('captchaFailed')}
        </p>
      ) : (
        <HCaptcha
          sitekey={HCAPTCHA_SITE_KEY}
          theme="dark"
          languageOverride={language}
          onLoad={() => setState('ready')}
          onError={() => {
            setState('failed');
            onToken(null);
          }}
          onVerify={(token) => onToken(token)}
          onExpire={() => onToken(null)}
        />
      )}
    </div>
  );
}
