/**
 * When an updated offline worker may take over and the page reload (spec section 4: "on an update the
 * page reloads"), never in the middle of something the player is doing: an open dialog (the deposit
 * dialog among them) or a bet, deposit or any other request that changes data still in flight.
 */
export interface ActivityState {
  /** Dialogs open (lib/stores/modal-store.ts). */
  openDialogs: number;
  /** Mutations in flight (react-query's `isMutating()`): bets, deposits, withdrawals. */
  pendingMutations: number;
}

export type UpdateDecision = 'reload' | 'wait';

export function updateDecision(state: ActivityState): UpdateDecision {
  return state.openDialogs > 0 || state.pendingMutations > 0 ? 'wait' : 'reload';
}

/** How often a waiting update looks again whether the player is done. */
export const UPDATE_RETRY_MS = 1_000;

/**
 * Runs `apply` as soon as `activity()` says the player is idle: at once if so, otherwise checked every
 * `retryMs`. Returns a cancel function.
 */
export function applyWhenIdle(
  activity: () => ActivityState,
  apply: () => void,
  timers: Pick<typeof globalThis, 'setInterval' | 'clearInterval'> = globalThis,
  retryMs = UPDATE_RETRY_MS,
): () => void {
  if (updateDecision(activity()) === 'reload') {
    apply();
    return () => {};
  }
  const id = timers.setInterval(() => {
    if (updateDecision(activity()) !== 'reload') return;
    timers.clearInterval(id);
    apply();
  }, retryMs);
  return () => timers.clearInterval(id);
}
