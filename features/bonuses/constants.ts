/** The bonus bar's countdowns show seconds, so they tick once a second. */
export const BONUS_COUNTDOWN_TICK_MS = 1_000;
