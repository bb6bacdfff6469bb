import type { FairCard } from './cards';
import { caseItemForRoll, caseRoll } from './games/cases';
import { coinflipResult, type CoinSide } from './games/coinflip';
import { diceRoll } from './games/dice';
import { hiloCard } from './games/hilo';
import { kenoHits } from './games/keno';
import { minerMines } from './games/miner';
import { pocketColor, roulettePocket } from './games/roulette';
import { sha256Hex, type Seeds } from './random';

/**
 * Recomputes a bet's outcome from its seeds in the browser (the fairness panel) and checks the revealed
 * server seed against the hash the player saw before betting.
 */

export type VerifyInput =
  | { game: 'dice' }
  | { game: 'coinflip' }
  | { game: 'roulette' }
  | { game: 'keno' }
  | { game: 'miner'; mines: number }
  | { game: 'hilo'; cards: number }
  | { game: 'cases'; table: readonly { from: number; to: number; id: number }[] };

export type VerifiedOutcome =
  | { game: 'dice'; roll: number }
  | { game: 'coinflip'; result: CoinSide }
  | { game: 'roulette'; pocket: number; color: 'green' | 'red' | 'black' }
  | { game: 'keno'; hits: number[] }
  | { game: 'miner'; mines: number[] }
  | { game: 'hilo'; cards: FairCard[] }
  | { game: 'cases'; roll: number; itemId: number };

export function recompute(seeds: Seeds, input: VerifyInput): VerifiedOutcome {
  switch (input.game) {
    case 'dice':
      return { game: 'dice', roll: diceRoll(seeds) };
    case 'coinflip':
      return { game: 'coinflip', result: coinflipResult(seeds) };
    case 'roulette': {
      const pocket = roulettePocket(seeds);
      return { game: 'roulette', pocket, color: pocketColor(pocket) };
    }
    case 'keno':
      return { game: 'keno', hits: kenoHits(seeds) };
    case 'miner':
      return { game: 'miner', mines: minerMines(seeds, input.mines) };
    case 'hilo':
      return { game: 'hilo', cards: Array.from({ length: input.cards }, (_, i) => hiloCard(seeds, i)) };
    case 'cases': {
      const roll = caseRoll(seeds);
      return { game: 'cases', roll, itemId: caseItemForRoll(input.table, roll).id };
    }
  }
}

/** Does the revealed server seed hash to the committed value? */
export function seedMatchesHash(serverSeed: string, serverSeedHash: string): boolean {
  return sha256Hex(serverSeed) === serverSeedHash.toLowerCase();
}
