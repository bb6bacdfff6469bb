'use client';

import type { z } from 'zod';
import type { crashBetBody, crashBetReply } from '@/lib/contracts/crash';
import { postCrash } from './game-client';

export type CrashBetBody = z.infer<typeof crashBetBody>;
export type CrashBetReply = z.infer<typeof crashBetReply>;

/**
 * `POST /crash/bet` (signed in, in the betting window): the stake leaves the balance at once; the reply
 * has the bet, its game and the balance after it. The contract's schema loads (with zod) beside the
 * reply, not with the page.
 */
export async function placeCrashBet(body: CrashBetBody): Promise<CrashBetReply> {
  const { crashBetReply: schema } = await import('@/lib/contracts/crash');
  return postCrash('/crash/bet', body, schema);
}
