import { activeRoundReply, minerRevealBody, minerStartBody } from '@/lib/contracts/games';
import { getGame, postGame, type BetOf, type BetReply } from '../shared/api';

/**
 * Miner calls (service `miner`, lib/contracts/games.ts): start a round, reveal tiles, cash out, and the
 * open round after a reload.
 */

export type MinerBet = BetOf<'miner'>;
export type MinerAction =
  | { action: 'start'; amount: number; mines: number }
  | { action: 'reveal'; id: number; tile: number }
  | { action: 'cashout'; id: number };

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

/** One miner call; only `start` carries the idempotency key (a reveal or a cash-out is one per state). */
export async function sendMinerAction(
  body: MinerAction & { idempotency_key: string },
): Promise<{ bet: MinerBet; balance: number }> {
  switch (body.action) {
    case 'start':
      return asMiner(
        await postGame(
          'miner',
          '/miner/start',
          minerStartBody.parse({ amount: body.amount, mines: body.mines, idempotency_key: body.idempotency_key }),
        ),
      );
    case 'reveal':
      return asMiner(await postGame('miner', `/miner/${body.id}/reveal`, minerRevealBody.parse({ tile: body.tile })));
    case 'cashout':
      return asMiner(await postGame('miner', `/miner/${body.id}/cashout`, {}));
  }
}
