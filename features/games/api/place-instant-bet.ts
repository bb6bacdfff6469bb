import type { z } from 'zod';
import type { coinflipBetBody, diceBetBody, kenoBetBody, rouletteBetBody } from '@/lib/contracts/games';
import { asGameReply, postGame, type BetOf } from './game-client';

export const INSTANT_GAMES = ['dice', 'coinflip', 'keno', 'roulette'] as const;
export type InstantGame = (typeof INSTANT_GAMES)[number];

interface InstantBodies {
  dice: typeof diceBetBody;
  coinflip: typeof coinflipBetBody;
  keno: typeof kenoBetBody;
  roulette: typeof rouletteBetBody;
}
export type InstantBetBody<G extends InstantGame> = z.input<InstantBodies[G]>;

/** The bodies' schemas, from the contract loaded with the first bet (not with the game's page). */
async function instantBodies(): Promise<InstantBodies> {
  const { diceBetBody, coinflipBetBody, kenoBetBody, rouletteBetBody } = await import(
    '@/lib/contracts/games'
  );
  return { dice: diceBetBody, coinflip: coinflipBetBody, keno: kenoBetBody, roulette: rouletteBetBody };
}

/** `POST /{game}/bet` of an instant game: one bet, settled at once; the reply carries the new balance. */
export async function placeInstantBet<G extends InstantGame>(
  game: G,
  body: InstantBetBody<G>,
): Promise<{ bet: BetOf<G>; balance: number }> {
  const checked = (await instantBodies())[game].parse(body);
  return asGameReply(game, await postGame(game, `/${game}/bet`, checked), `The ${game} bet`);
}
