/** Whether the user asked for less motion (animations then jump to their end). */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia('(prefers-reduced-motion: reduce)').matches
    : false;
}

/** How long a result animation of `ms` really runs: 0 with reduced motion. */
export const motionMs = (ms: number) => (prefersReducedMotion() ? 0 : ms);

/** Resolves once an animation of `ms` is over (at once with reduced motion). */
export function afterAnimation(ms: number): Promise<void> {
  const duration = motionMs(ms);
  return duration > 0 ? new Promise((resolve) => setTimeout(resolve, duration)) : Promise.resolve();
}
