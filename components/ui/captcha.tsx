'use client';

import type HCaptcha from '@hcaptcha/react-hcaptcha';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { captchaToken, loadCaptchaWidget, type CaptchaAction, type CaptchaExecutor } from './captcha-loader';
import type { CaptchaWidget } from './captcha-widget';

/** The bot-protection public site key (spec section 7). Without it no script loads and no field is sent. */
export const HCAPTCHA_SITE_KEY = process.env.NEXT_PUBLIC_HCAPTCHA_SITE_KEY || null;
/** How long the widget may take to load before the form says it failed. */
export const CAPTCHA_LOAD_TIMEOUT_MS = 10_000;
/** hCaptcha's pages the notice links to (required when its badge is hidden). */
export const HCAPTCHA_PRIVACY_URL = 'https://www.hcaptcha.com/privacy';
export const HCAPTCHA_TERMS_URL = 'https://www.hcaptcha.com/terms';

export type CaptchaState = 'off' | 'loading' | 'ready' | 'failed';
/** The body field of a protected call: `h-captcha-response`, or nothing without a site key. */
export type CaptchaFields = { 'h-captcha-response'?: string };

/** One try at loading the widget: settles once, ready or failed; a later failure (a token refused) marks it failed. */
interface Attempt {
  status: 'loading' | 'ready' | 'failed';
  /** Resolves once the try has ended (ready or failed). */
  settled: Promise<void>;
  end: (status: 'ready' | 'failed') => void;
}

function newAttempt(): Attempt {
  let resolve!: () => void;
  const settled = new Promise<void>((done) => (resolve = done));
  const attempt: Attempt = {
    status: 'loading',
    settled,
    end: (status) => {
      attempt.status = status;
      resolve();
    },
  };
  return attempt;
}

/** hCaptcha's rejection when the player closes the challenge: the player's choice, not a failure. */
const isChallengeClosed = (error: unknown) =>
  error === 'challenge-closed' || (error instanceof Error && error.message === 'challenge-closed');

/**
 * The invisible hCaptcha of a form (spec sections 7 and 9): the widget starts loading when the form
 * mounts, shows no checkbox and no badge, and `fields(action)` asks it for a new token at submit (one
 * token per call, never reused) and gives the call's body field. Without a site key nothing loads and
 * `fields` gives `{}`. When the script fails to load (an error, or nothing within 10 s), the site key is
 * not the page's, or hCaptcha cannot give a token, `fields` logs it and gives null: the form stops
 * there (its loading state ends) and `widget` says the check could not load; the next submit loads it
 * again. A challenge the player closes also gives null, without a message.
 *
 * Render `widget` near the submit button: it holds hCaptcha's frame and the notice hCaptcha requires when
 * its badge is hidden.
 */
export function useCaptcha(siteKey: string | null = HCAPTCHA_SITE_KEY): {
  widget: ReactNode;
  fields: (action: CaptchaAction) => Promise<CaptchaFields | null>;
  state: CaptchaState;
} {
  const t = useTranslations('auth');
  const locale = useLocale();
  const [state, setState] = useState<CaptchaState>(siteKey ? 'loading' : 'off');
  // Each retry mounts the widget again (its script is then asked for again).
  const [generation, setGeneration] = useState(0);
  const [Widget, setWidget] = useState<typeof CaptchaWidget | null>(null);
  const attemptRef = useRef<Attempt | null>(null);
  const widgetRef = useRef<HCaptcha>(null);
  // hCaptcha runs one challenge at a time per widget: tokens are asked for one after the other.
  const queue = useRef<Promise<unknown>>(Promise.resolve());

  const current = useCallback((): Attempt => (attemptRef.current ??= newAttempt()), []);

  const end = useCallback((attempt: Attempt, status: 'ready' | 'failed', error?: unknown) => {
    if (status === 'ready' && attempt.status !== 'loading') return;
    if (status === 'failed') console.error('hCaptcha could not load or give a token', error);
    attempt.end(status);
    if (attemptRef.current === attempt) setState(status);
  }, []);

  useEffect(() => {
    if (!siteKey) return;
    const attempt = current();
    let active = true;
    loadCaptchaWidget(siteKey).then(
      (component) => {
        if (active) setWidget(() => component);
      },
      (error: unknown) => end(attempt, 'failed', error),
    );
    const timer = setTimeout(() => {
      if (attempt.status === 'loading') {
        end(attempt, 'failed', new Error(`hCaptcha did not load within ${CAPTCHA_LOAD_TIMEOUT_MS} ms`));
      }
    }, CAPTCHA_LOAD_TIMEOUT_MS);
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [siteKey, generation, current, end]);

  const fields = useCallback(
    async (action: CaptchaAction): Promise<CaptchaFields | null> => {
      if (!siteKey) return {};
      let attempt = current();
      if (attempt.status === 'failed') {
        attempt = attemptRef.current = newAttempt();
        setState('loading');
        setGeneration((value) => value + 1);
      }
      await attempt.settled;
      if (attempt.status !== 'ready' || !widgetRef.current) return null;
      const widget: CaptchaExecutor = widgetRef.current;
      const token = queue.current.then(() => captchaToken(siteKey, widget, action));
      queue.current = token.catch(() => undefined);
      try {
        return { 'h-captcha-response': await token };
      } catch (error) {
        if (isChallengeClosed(error)) return null;
        end(attempt, 'failed', error);
        return null;
      }
    },
    [siteKey, current, end],
  );

  const widget = siteKey ? (
    <div className="space-y-2" data-testid="captcha" data-captcha-state={state}>
      {Widget ? (
        <Widget
          key={generation}
          ref={widgetRef}
          siteKey={siteKey}
          language={locale === 'kz' ? 'kk' : locale}
          onReady={() => end(current(), 'ready')}
          onError={(code) => {
            // Errors after the widget is ready come back from `execute` (fields above).
            if (current().status === 'loading') end(current(), 'failed', new Error(`hCaptcha: ${code}`));
          }}
        />
      ) : null}
      {state === 'failed' ? (
        <p role="alert" className="text-sm text-danger">
          {t('captchaFailed')}
        </p>
      ) : null}
      <p className="text-xs text-muted" data-testid="captcha-notice">
        {t.rich('captchaNotice', {
          privacy: (chunks) => (
            <a href={HCAPTCHA_PRIVACY_URL} target="_blank" rel="noopener noreferrer" className="underline">
              {chunks}
            </a>
          ),
          terms: (chunks) => (
            <a href={HCAPTCHA_TERMS_URL} target="_blank" rel="noopener noreferrer" className="underline">
              {chunks}
            </a>
          ),
        })}
      </p>
    </div>
  ) : null;

  return { widget, fields, state };
}
