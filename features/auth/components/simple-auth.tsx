'use client';

import { useQueryClient } from '@tanstack/react-query';
import Cookies from 'js-cookie';
import { useTranslations } from 'next-intl';
import { useSearchParams } from 'next/navigation';
import { Suspense, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { LazyMessages } from '@/components/i18n/lazy-messages';
import { buttonClass } from '@/components/ui/button-styles';
import { Dialog } from '@/components/ui/dialog';
import { resetAnalytics } from '@/lib/analytics';
import { COOKIE } from '@/lib/constants/cookies';
import { SIMPLE_AUTH_TOKEN_PARAM, withoutPrivateParamsInUrl } from '@/lib/private-query';
import { useSessionStore } from '@/lib/stores/session-store';

/**
 * The simple-auth flow (spec section 4): with `simpleAuthToken` in the query and the simpleAuth cookie
 * set, (1) the token is used to fetch the profile, (2) the client IP and user agent are reported,
 * (3) the source attribution is posted, (4) the profile is fetched again to refresh the token. If a
 * profile fetch fails, the token cookie is cleared.
 *
 * The token signs in whoever holds it, so a link with someone else's token is a log-in CSRF: it
 * could silently swap the player's session for the sender's account (whose deposits would then go
 * where the sender wants). So:
 * - the token leaves the address at once (before the passive effects of the page run, so no page view,
 *   attribution call or Referer carries it), with or without the cookie;
 * - a player already signed in with another account is asked whether to switch; only on consent does
 *   the flow run; on refusal the session stays as it is and the token is dropped.
 */
export function SimpleAuth() {
  const searchParams = useSearchParams();
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const [asked, setAsked] = useState(false);
  const [asking, setAsking] = useState<string | null>(null);
  const token = searchParams.get(SIMPLE_AUTH_TOKEN_PARAM);

  const run = useCallback(
    (simpleToken: string, switching: boolean) => {
      if (switching) resetAnalytics();
      // The calls' code (the API client, the schemas) loads only when a link carries a token.
      void import('../lib/run-simple-auth').then(async ({ runSimpleAuth, profileQueryKey }) => {
        const ok = await runSimpleAuth(simpleToken);
        if (!ok) return;
        // Another account: nothing the previous one loaded may stay on screen.
        if (switching) void queryClient.resetQueries();
        else void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      });
    },
    [queryClient],
  );

  // A layout effect: it runs before any passive effect of this commit (page view, attribution capture,
  // query-flag removal), which then already see the address without the token.
  useLayoutEffect(() => {
    if (!token || seen.current === token) return;
    seen.current = token;
    removeTokenFromAddress();
    if (!Cookies.get(COOKIE.simpleAuth)) return;
    const current = useSessionStore.getState().token;
    if (current && !sameAccount(current, token)) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the question follows the address, read once
      setAsking(token);
      return;
    }
    run(token, false);
  }, [token, run]);

  const answer = (consent: boolean) => {
    const pending = asking;
    setAsking(null);
    if (consent && pending) run(pending, true);
  };

  // The question's texts and dialog code load the first time it is asked.
  if (asking !== null && !asked) setAsked(true);
  if (!asked && asking === null) return null;
  return (
    <Suspense fallback={null}>
      <LazyMessages namespaces={['auth']}>
        <SwitchAccountDialog open={asking !== null} answer={answer} />
      </LazyMessages>
    </Suspense>
  );
}

function SwitchAccountDialog({ open, answer }: { open: boolean; answer: (consent: boolean) => void }) {
  const t = useTranslations('auth');
  return (
    <Dialog
      open={open}
      onOpenChange={(isOpen) => {
        if (!isOpen) answer(false);
      }}
      title={t('switchAccountTitle')}
      description={t('switchAccountText')}
      closeLabel={t('close')}
      testId="simple-auth-switch"
    >
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <button type="button" className={buttonClass.secondary} onClick={() => answer(false)}>
          {t('switchAccountKeep')}
        </button>
        <button type="button" className={buttonClass.primary} onClick={() => answer(true)}>
          {t('switchAccountConfirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** Takes the token out of the address bar and the history entry, keeping the router's state. */
function removeTokenFromAddress(): void {
  const clean = withoutPrivateParamsInUrl(window.location.href);
  if (clean !== window.location.href) window.history.replaceState(window.history.state, '', clean);
}

/** The account (`sub`) an access token names, read without verifying it (the API does that); or null. */
export function tokenSubject(token: string): string | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = (JSON.parse(json) as { sub?: unknown }).sub;
    return typeof sub === 'string' || typeof sub === 'number' ? String(sub) : null;
  } catch {
    return null;
  }
}

/** Whether two tokens sign in the same account (an unreadable token counts as another account). */
function sameAccount(a: string, b: string): boolean {
  if (a === b) return true;
  const subject = tokenSubject(a);
  return subject !== null && subject === tokenSubject(b);
}
