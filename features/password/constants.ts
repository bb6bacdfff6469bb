/** The resend countdown of the restore code ticks once a second (the server says when: `resend_after`). */
export const RESEND_COUNTDOWN_TICK_MS = 1_000;
