'use client';

import Cookies from 'js-cookie';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';
import { postAffiliateVisit } from '@/features/traffic/api/post-affiliate-visit';
import { postClientReport } from '@/features/traffic/api/post-client-report';
import { postUtmClick } from '@/features/traffic/api/post-utm-click';
import { registerPageOpen } from '@/features/traffic/api/register-page-open';
import {
  attributionCookies,
  carriesAttribution,
  hasAffiliateParams,
  hasUtmParams,
  pageOpenSubH,
  queryParametersBody,
} from '@/features/traffic/lib/capture';
import { getSealedFingerprint } from '@/lib/fingerprint';
import { COOKIE, cookieExpiresDays, cookieExpiresFor, type CookieName } from '@/lib/constants/cookies';
import { URL_MAX, USER_AGENT_MAX } from '@/lib/contracts/traffic-limits';
import { withoutPrivateParams, withoutPrivateParamsInUrl } from '@/lib/private-query';

/**
 * Attribution capture (spec sections 3, 4 and 9; issue 6) from the address the visitor arrived with, and
 * again for each later client navigation whose query carries attribution parameters (an in-site promo
 * link with `stag` or UTM tags); a remount or a navigation without such parameters captures nothing new.
 * Renders nothing; mount it inside a `<Suspense>` (it reads the query).
 *
 * - Sets the attribution cookies of `attributionCookies` (features/traffic/lib/capture.ts).
 * - With any affiliate parameter: `POST /middleware/affiliate` with all query parameters.
 * - With utm_source, utm_medium, utm_campaign and utm_term all non-empty and no `advId` cookie:
 *   `POST /middleware/utm`, then `advId` (1 day) and, when the reply has a promo, `adBonusType`,
 *   `adBonusValue` and `adBonusModal` = '1' (600 s each).
 * - With `subH`: `POST middleware/registerPageOpenEvent` with the fingerprint (computed for it when none
 *   is stored: only then, lib/fingerprint.ts) and the page address.
 * - Without a `userVersion` cookie: `POST middleware/ip`, then `userVersion` = the IP and
 *   `userBrowser` = the user agent (1 day each).
 *
 * The calls run side by side. Every failure is swallowed and logged (spec section 8): a dead
 * attribution call never breaks a page.
 */
export function AttributionCapture() {
  const searchParams = useSearchParams();
  useEffect(() => {
    // The simple-auth token is a secret, not attribution (lib/private-query.ts).
    void captureAttributionFor(withoutPrivateParams(searchParams.toString()));
  }, [searchParams]);
  return null;
}

/** The captures of this page load, one after another, and the query of the last one. */
let run: Promise<void> | null = null;
let capturedQuery: string | null = null;

/**
 * Captures `query`: the first call of a page load always (it also reports the IP), a later one only
 * when its query carries attribution parameters and differs from the last captured one. Captures run
 * one after another, so a later link's cookies win. Returns the chain of captures so far; never rejects.
 */
export function captureAttributionFor(query: URLSearchParams): Promise<void> {
  const key = query.toString();
  if (run && (key === capturedQuery || !carriesAttribution(query))) return run;
  capturedQuery = key;
  run = (run ?? Promise.resolve()).then(() =>
    captureAttribution(query).catch((error: unknown) => console.error('attribution capture failed', error)),
  );
  return run;
}

/** Forgets the captures of this page load (tests only). */
export function resetAttributionCapture(): void {
  run = null;
  capturedQuery = null;
}

async function captureAttribution(query: URLSearchParams): Promise<void> {
  await attempt('attribution cookies failed', async () => {
    for (const cookie of attributionCookies(query, (name) => Cookies.get(name))) {
      setCookie(cookie.name, cookie.value, cookieExpiresDays(cookie.maxAgeS));
    }
  });
  await Promise.all([
    hasAffiliateParams(query) &&
      attempt('affiliate visit failed', () => postAffiliateVisit(queryParametersBody(query))),
    hasUtmParams(query) && !Cookies.get(COOKIE.advId) && attempt('UTM click failed', () => utmClick(query)),
    pageOpenSubH(query) !== null && attempt('page-open event failed', () => pageOpen(query)),
    !Cookies.get(COOKIE.userVersion) && attempt('IP report failed', clientReport),
  ]);
}

async function utmClick(query: URLSearchParams): Promise<void> {
  const { advId, promo } = await postUtmClick(queryParametersBody(query));
  if (advId) setCookie(COOKIE.advId, advId);
  if (promo) {
    setCookie(COOKIE.adBonusType, promo.type);
    setCookie(COOKIE.adBonusValue, String(promo.value));
    setCookie(COOKIE.adBonusModal, '1');
  }
}

async function pageOpen(query: URLSearchParams): Promise<void> {
  const subH = pageOpenSubH(query);
  if (subH === null) return;
  const uuid = await getSealedFingerprint();
  await registerPageOpen({
    subH,
    uuid,
    click_url: withoutPrivateParamsInUrl(window.location.href).slice(0, URL_MAX),
  });
}

async function clientReport(): Promise<void> {
  const userAgent = navigator.userAgent;
  const { ip } = await postClientReport({
    host: window.location.host,
    userAgent: userAgent.slice(0, USER_AGENT_MAX),
  });
  if (ip) setCookie(COOKIE.userVersion, ip);
  if (userAgent) setCookie(COOKIE.userBrowser, userAgent);
}

/** Sets a cookie for the whole site; `expires` (days) defaults to the cookie's lifetime in spec section 9. */
function setCookie(name: CookieName, value: string, expires = cookieExpiresFor(name)): void {
  Cookies.set(name, value, {
    path: '/',
    sameSite: 'lax',
    secure: window.location.protocol === 'https:',
    expires,
  });
}

/** Runs `task`; a failure (thrown or rejected) is logged, never passed on. */
async function attempt(message: string, task: () => Promise<unknown>): Promise<void> {
  try {
    await task();
  } catch (error) {
    console.error(message, error);
  }
}
