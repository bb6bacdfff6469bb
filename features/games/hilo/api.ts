import { activeRoundReply, hiloGuessBody, hiloStartBody } from '@/lib/contracts/games';
import { getGame, postGame, type BetOf, type BetReply } from '../shared/api';

/** Hilo calls (service `general`, lib/contracts/games.ts): start, guess or skip, cash out, the open round. */

export type HiloBet = BetOf<'hilo'>;
export type HiloAction =
  | { action: 'start'; amount: number }
  | { action: 'guess'; id: number; guess: 'higher' | 'lower' | 'skip' }
  | { action: 'cashout'; id: number };

const asHilo = (reply: BetReply) => {
  if (reply.bet.game !== 'hilo') throw new Error(`A hilo call was answered with a ${reply.bet.game} bet`);
  return reply as { bet: HiloBet; balance: number };
};

/** `GET /hilo/active`: the player's open round, or null. */
export const getActiveHiloRound = (): Promise<HiloBet | null> =>
  getGame('hilo', '/hilo/active', activeRoundReply).then(({ bet }) => {
    if (bet && bet.game !== 'hilo') throw new Error(`/hilo/active answered a ${bet.game} bet`);
    return bet as HiloBet | null;
  });

/** One hilo call; only `start` carries the idempotency key. */
export async function sendHiloAction(
  body: HiloAction & { idempotency_key: string },
): Promise<{ bet: HiloBet; balance: number }> {
  switch (body.action) {
    case 'start':
      return asHilo(
        await postGame('hilo', '/hilo/start', hiloStartBody.parse({ amount: body.amount, idempotency_key: body.idempotency_key })),
      );
    case 'guess':
      return asHilo(await postGame('hilo', `/hilo/${body.id}/guess`, hiloGuessBody.parse({ guess: body.guess })));
    case 'cashout':
      return asHilo(await postGame('hilo', `/hilo/${body.id}/cashout`, {}));
  }
}
