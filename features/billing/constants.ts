/** Quick-amount chips of the deposit form; only those inside the method's limits are shown. */
export const QUICK_AMOUNTS = [500, 1_000, 2_000, 5_000, 10_000] as const;
