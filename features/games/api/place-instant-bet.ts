import type { z } from 'zod';
import { coinflipBetBody, diceBetBody, kenoBetBody, rouletteBetBody } from '@/lib/contracts/games';
import { asGameReply, postGame, type BetOf } from './game-client';

export const INSTANT_GAMES = ['dice', 'coinflip', 'keno', 'roulette'] as const;
export type InstantGame = (typeof INSTANT_GAMES)[number];

const instantBodies = {
  dice: diceBetBody,
  coinflip: coinflipBetBody,
  keno: kenoBetBody,
  roulette: rouletteBetBody,
} as const;
export type InstantBetBody<G extends InstantGame> = z.input<(typeof instantBodies)[G]>;

/** `POST /{game}/bet` of an instant game: one bet, settled at once; the reply carries the new balance. */
export async function placeInstantBet<G extends InstantGame>(
  game: G,
  body: InstantBetBody<G>,
): Promise<{ bet: BetOf<G>; balance: number }> {
  const checked = instantBodies[game].parse(body);
  return asGameReply(game, await postGame(game, `/${game}/bet`, checked), `The ${game} bet`);
}
