import { hiloGuessBody, hiloStartBody, roundCashoutBody } from '@/lib/contracts/games';
import { getActiveRound } from './get-active-round';
import { asGameReply, postGame, type BetOf, type BetReply } from './game-client';

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

/** `GET /hilo/active`: the player's open round, or null. */
export const getActiveHiloRound = () => getActiveRound('hilo');

const asHilo = (reply: BetReply) => asGameReply('hilo', reply, 'A hilo call');

/** `POST /hilo/start`, `/hilo/{id}/guess`, `/hilo/{id}/cashout`: `start` carries the idempotency key, the moves their step. */
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
