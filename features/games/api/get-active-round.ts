import { activeRoundReply } from '@/lib/contracts/games';
import { getGame, type BetOf } from './game-client';

/** `GET /hilo/active`, `GET /miner/active`: the player's open round of a round game, or null. */
export const getActiveRound = <G extends 'hilo' | 'miner'>(game: G): Promise<BetOf<G> | null> =>
  getGame(game, `/${game}/active`, activeRoundReply).then(({ bet }) => {
    if (bet && bet.game !== game) throw new Error(`/${game}/active answered a ${bet.game} bet`);
    return bet as BetOf<G> | null;
  });
