import { minerRevealBody, minerStartBody, roundCashoutBody } from '@/lib/contracts/games';
import { getActiveRound } from './get-active-round';
import { asGameReply, postGame, type BetOf, type BetReply } from './game-client';

/**
 * Miner calls (service `miner`, lib/contracts/games.ts): start a round, reveal tiles, cash out, and the
 * open round after a reload.
 */

export type MinerBet = BetOf<'miner'>;
/**
 * `step` of a reveal or a cash-out: the tiles open when the player made the move
 * (`outcome.revealed.length`), so the server plays a move sent twice once (lib/contracts/games.ts).
 */
export type MinerAction =
  | { action: 'start'; amount: number; mines: number }
  | { action: 'reveal'; id: number; tile: number; step: number }
  | { action: 'cashout'; id: number; step: number };

/** `GET /miner/active`: the player's open round, or null. */
export const getActiveMinerRound = () => getActiveRound('miner');

const asMiner = (reply: BetReply) => asGameReply('miner', reply, 'A miner call');

/** `POST /miner/start`, `/miner/{id}/reveal`, `/miner/{id}/cashout`: `start` carries the idempotency key, the moves their step. */
export async function sendMinerAction(
  body: MinerAction & { idempotency_key: string },
): Promise<{ bet: MinerBet; balance: number }> {
  switch (body.action) {
    case 'start':
      return asMiner(
        await postGame(
          'miner',
          '/miner/start',
          minerStartBody.parse({
            amount: body.amount,
            mines: body.mines,
            idempotency_key: body.idempotency_key,
          }),
        ),
      );
    case 'reveal':
      return asMiner(
        await postGame(
          'miner',
          `/miner/${body.id}/reveal`,
          minerRevealBody.parse({ tile: body.tile, step: body.step }),
        ),
      );
    case 'cashout':
      return asMiner(
        await postGame('miner', `/miner/${body.id}/cashout`, roundCashoutBody.parse({ step: body.step })),
      );
  }
}
