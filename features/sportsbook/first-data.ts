'use client';

import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';

/**
 * The server's first screen (api/first-screen.ts) in a page's queries: shown at once and counted fresh,
 * then asked for again FIRST_SCREEN_REFRESH_MS after the page runs, since it may be as old as the page's
 * `revalidate`. Not at once: on a phone the page is still hydrating then, and a refetch that re-renders
 * every row beside it is what made /betting's main thread busy (Lighthouse mobile's blocking time). The
 * realtime topic brings every change from its subscription on; the refetch covers the gap before it.
 */
export const FIRST_SCREEN_REFRESH_MS = 3_000;

export { firstData } from '@/lib/first-data';

/** Asks for these queries again FIRST_SCREEN_REFRESH_MS after mount, when the page had server data. */
export function useFirstScreenRefresh(hadServerData: boolean, keys: readonly QueryKey[]): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!hadServerData) return;
    const timer = setTimeout(() => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    }, FIRST_SCREEN_REFRESH_MS);
    return () => clearTimeout(timer);
    // Once per mount: the keys are the page's, fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [client, hadServerData]);
}
