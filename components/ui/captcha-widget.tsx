'use client';

import HCaptcha from '@hcaptcha/react-hcaptcha';
import type { Ref } from 'react';

/**
 * hCaptcha's invisible widget (loaded by captcha-loader.ts, in a chunk of its own): no checkbox and no
 * badge, a challenge only when hCaptcha asks for one; tokens come from `execute({ async: true })` on the
 * ref. Its first mount adds hCaptcha's `api.js` (explicit render, no reCAPTCHA compatibility, no error
 * reports to hCaptcha's Sentry, which the Content-Security-Policy does not allow).
 */
export function CaptchaWidget({
  ref,
  siteKey,
  language,
  onReady,
  onError,
}: {
  ref: Ref<HCaptcha>;
  siteKey: string;
  language: string;
  /** The widget is rendered and can give tokens (whether this mount loaded the script or found it). */
  onReady: () => void;
  onError: (code: string) => void;
}) {
  return (
    <HCaptcha
      ref={ref}
      sitekey={siteKey}
      size="invisible"
      theme="dark"
      languageOverride={language}
      reCaptchaCompat={false}
      sentry={false}
      onReady={onReady}
      onError={onError}
    />
  );
}
