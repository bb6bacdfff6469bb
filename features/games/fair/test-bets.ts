import type { Bet } from '@/lib/contracts/games';
import { caseItemForRoll, caseRoll } from '@/lib/fair/games/cases';
import { diceRoll } from '@/lib/fair/games/dice';
import { hiloCard } from '@/lib/fair/games/hilo';
import { kenoHits } from '@/lib/fair/games/keno';
import { minerMines, minerMultiplier } from '@/lib/fair/games/miner';
import { sha256Hex, type Seeds } from '@/lib/fair/random';

/**
 * Bets for tests, their outcomes COMPUTED with `lib/fair` from fixed seeds (never typed in), so a
 * verification that agrees with them proves the panel runs the real math.
 */

export const TEST_SEEDS: Seeds = {
  serverSeed: '9f2c4a1b7e3d5f60182a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f80',
  clientSeed: 'lucky-client',
  nonce: 7,
};

const base = (seeds: Seeds, revealed: boolean) => ({
  amount: 10,
  payout: 0,
  multiplier: 0,
  currency: 'RUB' as const,
  status: 'lost' as const,
  created_at: '2024-05-01T12:00:00Z',
  server_seed_hash: sha256Hex(seeds.serverSeed),
  server_seed: revealed ? seeds.serverSeed : null,
  client_seed: seeds.clientSeed,
  nonce: seeds.nonce,
});

export function diceBet(id: number, seeds: Seeds = TEST_SEEDS, revealed = true): Bet {
  const roll = diceRoll(seeds);
  return {
    ...base(seeds, revealed),
    id,
    game: 'dice',
    outcome: { roll, target: 50, direction: 'over', win: roll > 50 },
  };
}

export function kenoBet(id: number, seeds: Seeds = TEST_SEEDS): Bet {
  const hits = kenoHits(seeds);
  const picks = [1, 2, 3, 4, 5];
  return {
    ...base(seeds, true),
    id,
    game: 'keno',
    outcome: { picks, risk: 'low', hits, matched: picks.filter((p) => hits.includes(p)) },
  };
}

export function minerBet(id: number, minesCount: number, seeds: Seeds = TEST_SEEDS, ended = true): Bet {
  const mines = minerMines(seeds, minesCount);
  const safe = Array.from({ length: 25 }, (_, tile) => tile).filter((tile) => !mines.includes(tile));
  return {
    ...base(seeds, ended),
    id,
    game: 'miner',
    status: ended ? 'cashed_out' : 'open',
    outcome: {
      mines_count: minesCount,
      revealed: safe.slice(0, 2),
      mines: ended ? [...mines].sort((a, b) => a - b) : null,
      multiplier: minerMultiplier(minesCount, 2),
      next_multiplier: minerMultiplier(minesCount, 3),
    },
  };
}

export function hiloBet(id: number, cards: number, seeds: Seeds = TEST_SEEDS): Bet {
  return {
    ...base(seeds, true),
    id,
    game: 'hilo',
    outcome: {
      cards: Array.from({ length: cards }, (_, i) => ({
        ...hiloCard(seeds, i),
        guess: i === 0 ? null : 'skip',
      })),
      multiplier: 1,
      next: { higher: null, lower: null },
    },
  };
}

export const TEST_CASE_ITEMS = [
  { id: 11, name: 'Copper coin', multiplier: 0.5, chance: 60, range: [1, 60_000], rarity: 'common' },
  { id: 12, name: 'Silver bar', multiplier: 1.2, chance: 35, range: [60_001, 95_000], rarity: 'rare' },
  { id: 13, name: 'Gold crown', multiplier: 5.4, chance: 5, range: [95_001, 100_000], rarity: 'legendary' },
] as const satisfies Extract<Bet, { game: 'cases' }>['outcome']['table'];

export function caseBet(id: number, seeds: Seeds = TEST_SEEDS): Bet {
  const table = TEST_CASE_ITEMS.map((item) => ({ ...item, range: [...item.range] as [number, number] }));
  const roll = caseRoll(seeds);
  const { id: itemId } = caseItemForRoll(
    table.map((item) => ({ id: item.id, from: item.range[0], to: item.range[1] })),
    roll,
  );
  return {
    ...base(seeds, true),
    id,
    game: 'cases',
    outcome: { roll, item: table.find((item) => item.id === itemId)!, table, slug: 'gold-rush' },
  };
}
