import type { PostHogConfig } from 'posthog-js';

/** Product-analytics constants of spec section 9 ("Analytics") and section 7 (`/ingest`). */

export const ANALYTICS_SESSION_IDLE_TIMEOUT_S = 1800;
export const ANALYTICS_COOKIE_EXPIRY_DAYS = 365;
export const ANALYTICS_FEATURE_FLAG_REQUEST_TIMEOUT_MS = 3_000;
/** Transport timeout of analytics requests (the analytics library's own default; not a config option). */
export const ANALYTICS_REQUEST_TIMEOUT_MS = 60_000;
export const ANALYTICS_PROPERTY_STRING_MAX_LENGTH = 65_535;
/** Analytics events are posted to this path on the product's own origin. */
export const ANALYTICS_INGEST_PATH = '/ingest';

/**
 * The spec's settings in the analytics client's option names: page views captured manually, person
 * profiles for identified users only, default automatic tracking off.
 */
export const ANALYTICS_CLIENT_OPTIONS = {
  api_host: ANALYTICS_INGEST_PATH,
  capture_pageview: false,
  autocapture: false,
  person_profiles: 'identified_only',
  session_idle_timeout_seconds: ANALYTICS_SESSION_IDLE_TIMEOUT_S,
  cookie_expiration: ANALYTICS_COOKIE_EXPIRY_DAYS,
  feature_flag_request_timeout_ms: ANALYTICS_FEATURE_FLAG_REQUEST_TIMEOUT_MS,
  properties_string_max_length: ANALYTICS_PROPERTY_STRING_MAX_LENGTH,
} as const satisfies Partial<PostHogConfig>;

/**
 * The analytics library loads at the first idle moment after the first event (not with the page): at
 * the latest this long after it, as `requestIdleCallback`'s timeout.
 */
export const ANALYTICS_IDLE_TIMEOUT_MS = 3_000;
/** Where idle callbacks are missing, the library loads this long after the first event. */
export const ANALYTICS_IDLE_FALLBACK_MS = 500;
