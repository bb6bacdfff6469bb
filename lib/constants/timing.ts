/**
 * Timers of spec section 9 ("Timing") and section 4. Every delay or interval in the app comes from here,
 * never from a bare number in a component.
 */

/** Life of a deposit invoice when the invoice gives none (`life_time`, seconds). */
export const INVOICE_LIFE_TIME_S = 1200;
/** Payment status polling of `GET /billing/payment/status/{invoiceId}`. */
export const INVOICE_POLL_MS = 5_000;
/** The invoice countdown ticks every second. */
export const INVOICE_COUNTDOWN_TICK_MS = 1_000;

/** The PayIn modal opens this long after a registration (if logged in and no payment modal is shown). */
export const POST_REGISTRATION_DEPOSIT_DELAY_MS = 17_000;
/** The PayIn modal opens this long after load for a logged-in user with balance 0. */
export const ZERO_BALANCE_DEPOSIT_PROMPT_DELAY_MS = 17_000;

/** The offline worker checks for an update this often. */
export const SW_UPDATE_CHECK_MS = 20_000;
/** Background sync (`sync-data`) period, and the fallback re-registration / `syncMirrors` message period. */
export const BACKGROUND_SYNC_MS = 10 * 60_000;
/** Tag of the background sync. */
export const BACKGROUND_SYNC_TAG = 'sync-data';
/** Message posted to the worker when neither periodic nor one-off sync is available. */
export const SYNC_MIRRORS_MESSAGE = 'syncMirrors';

/** The support chat refreshes this long after each navigation. */
export const SUPPORT_CHAT_REFRESH_DELAY_MS = 250;
/**
 * The support chat's third-party script loads this long after the page hydrates (or at once when the
 * player uses the chat button), so it never competes with the page's own first load.
 */
export const SUPPORT_CHAT_LOAD_DELAY_MS = 3_000;
/** A chat script that has not loaded by then counts as failed (logged; the button offers the FAQ). */
export const SUPPORT_CHAT_LOAD_TIMEOUT_MS = 15_000;
/** The fingerprint is computed after this delay when `requestIdleCallback` is unavailable. */
export const FINGERPRINT_FALLBACK_DELAY_MS = 500;
/**
 * A registration waits at most this long for a fingerprint still being computed (it starts when the
 * sign-up dialog opens), then goes without one (`fpp: null`) rather than keep the player waiting.
 */
export const FINGERPRINT_REGISTRATION_WAIT_MS = 1_500;
/** Default time-to-live of the reload guard. */
export const RELOAD_GUARD_TTL_MS = 10_000;

/** Tooltip show delay. */
export const TOOLTIP_SHOW_DELAY_MS = 200;
/** Popover dispose timeout. */
export const POPOVER_DISPOSE_TIMEOUT_MS = 150;

/** Default notification display duration. */
export const NOTIFICATION_DURATION_MS = 3_000;
/** Notification enter/leave animation speed. */
export const NOTIFICATION_SPEED_MS = 300;
