import { activeRoundReply, minerRevealBody, minerStartBody, roundCashoutBody } from '@/lib/contracts/games';
import { getGame, postGame, type BetOf, type BetReply } from '../shared/api';

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

const asMiner = (reply: BetReply) => {
  if (reply.bet.game !== 'miner') throw new Error(`A miner call was answered with a ${reply.bet.game} bet`);
  return reply as { bet: MinerBet; balance: number };
};

/** `GET /miner/active`: the player's open round, or null. */
export const getActiveMinerRound = (): Promise<MinerBet | null> =>
  getGame('miner', '/miner/active', activeRoundReply).then(({ bet }) => {
    if (bet && bet.game !== 'miner') throw new Error(`/miner/active answered a ${bet.game} bet`);
    return bet as MinerBet | null;
  });

/** One miner call; `start` carries the idempotency key, the moves their step. */
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
