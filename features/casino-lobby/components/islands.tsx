'use client';

import { deferredIsland } from '@/components/ui/deferred-island';

/** The casino's lobbies and game screens, hydrated after their first paint (components/ui/deferred-island.tsx). */
export const CasinoLobbyIsland = deferredIsland(() =>
  import('./casino-lobby').then((module) => module.CasinoLobby),
);
export const GameFrameIsland = deferredIsland(() =>
  import('./game-frame').then((module) => module.GameFrame),
);
