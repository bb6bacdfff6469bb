/**
 * A server-rendered first screen's data as a query's initial data, counted fresh from now: shown at once, asked for again
 * once stale. Nothing when the server had none (the browser asks).
 */
export const firstData = <T>(data: T | null | undefined) =>
  data ? { initialData: data, initialDataUpdatedAt: Date.now() } : {};
