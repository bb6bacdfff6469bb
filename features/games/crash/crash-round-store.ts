'use client';

import { create } from 'zustand';
import type { CrashMessage } from '@/lib/contracts/crash';
import {
  applyCrashMessage,
  initialCrashRound,
  myBetFrom,
  type CrashConnection,
  type CrashRoundState,
} from './crash-round';

interface CrashRoundStore extends CrashRoundState {
  /** One socket message, arrived at `receivedAt` (local ms, default now). */
  receive: (message: CrashMessage, receivedAt?: number) => void;
  setConnection: (connection: CrashConnection) => void;
  /** The player's bet in `gameId` (the bet's reply, or their list of bets after a reload). */
  setMine: (gameId: number, bet: Parameters<typeof myBetFrom>[1]) => void;
  reset: () => void;
}

/**
 * The live crash round (crash-round.ts), one per page: the socket hook writes it, the curve reads it
 * every frame with `getState()` (no re-render), the form and the lists subscribe to the parts they show.
 */
export const useCrashRoundStore = create<CrashRoundStore>()((set) => ({
  ...initialCrashRound,
  receive: (message, receivedAt = Date.now()) =>
    set((state) => applyCrashMessage(state, message, receivedAt)),
  setConnection: (connection) => set({ connection }),
  setMine: (gameId, bet) => set({ mine: myBetFrom(gameId, bet) }),
  reset: () => set(initialCrashRound),
}));
