import { activeRoundReply, hiloGuessBody, hiloStartBody, roundCashoutBody } from '@/lib/contracts/games';
import { getGame, postGame, type BetOf, type BetReply } from '../shared/api';

/** Hilo calls (service `general`, lib/contracts/games.ts): start, guess or skip, cash out, the open round. */

export type HiloBet = BetOf<'hilo'>;
/**
 * `step` of a guess or a cash-out: the cards drawn after the start card when the player made the move
 * (`outcome.cards.length − 1`), so the server plays a move sent twice once (lib/contracts/games.ts).
 */
export type HiloAction =
  | { action: 'start'; amount: number }
  | { action: 'guess'; id: number; guess: 'higher' | 'lower' | 'skip'; step: number }
  | { action: 'cashout'; id: number; step: number };

/** The step of an open round's next move. */
export const hiloStep = (bet: HiloBet): number => bet.outcome.cards.length - 1;

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

/** One hilo call; `start` carries the idempotency key, the moves their step. */
export async function sendHiloAction(
  body: HiloAction & { idempotency_key: string },
): Promise<{ bet: HiloBet; balance: number }> {
  switch (body.action) {
    case 'start':
      return asHilo(
        await postGame(
          'hilo',
          '/hilo/start',
          hiloStartBody.parse({ amount: body.amount, idempotency_key: body.idempotency_key }),
        ),
      );
    case 'guess':
      return asHilo(
        await postGame(
          'hilo',
          `/hilo/${body.id}/guess`,
          hiloGuessBody.parse({ guess: body.guess, step: body.step }),
        ),
      );
    case 'cashout':
      return asHilo(
        await postGame('hilo', `/hilo/${body.id}/cashout`, roundCashoutBody.parse({ step: body.step })),
      );
  }
}
