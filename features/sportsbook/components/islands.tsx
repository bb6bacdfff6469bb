'use client';

import { deferredIsland } from '@/components/ui/deferred-island';

/** The sportsbook's pages, hydrated after their first paint (components/ui/deferred-island.tsx). */
export const SportsBookIsland = deferredIsland(() =>
  import('./sports-book').then((module) => module.SportsBook),
);
export const SportEventIsland = deferredIsland(() =>
  import('./sport-event-view').then((module) => module.SportEventView),
);
export const BetSlipIsland = deferredIsland(() =>
  import('../slip/bet-slip').then((module) => module.BetSlip),
);
