'use client';

import type { z } from 'zod';
import type { crashCashoutReply } from '@/lib/contracts/crash';
import { postCrash } from './game-client';

export type CrashCashoutReply = z.infer<typeof crashCashoutReply>;

/**
 * `POST /crash/cashout` (signed in, while the game runs): the bet is cashed out at the multiplier of the
 * server's clock when the call arrives (the client never names one); the reply has the bet and the
 * balance after the payout.
 */
export async function cashOutCrash(gameId: number): Promise<CrashCashoutReply> {
  const { crashCashoutReply: schema } = await import('@/lib/contracts/crash');
  return postCrash('/crash/cashout', { game_id: gameId }, schema);
}
