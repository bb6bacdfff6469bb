'use client';

import { deferredIsland } from '@/components/ui/deferred-island';

/** The realtime games, hydrated after their page's first paint (components/ui/deferred-island.tsx). */
export const CrashGameIsland = deferredIsland(() =>
  import('./crash/crash-game').then((module) => module.CrashGame),
);
export const RoomGameIsland = deferredIsland(() =>
  import('./rooms/room-game').then((module) => module.RoomGame),
);
