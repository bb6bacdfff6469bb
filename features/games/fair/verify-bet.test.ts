import { describe, expect, it } from 'vitest';
import type { Bet } from '@/lib/contracts/games';
import { diceRoll } from '@/lib/fair/games/dice';
import { kenoHits } from '@/lib/fair/games/keno';
import { caseBet, diceBet, hiloBet, kenoBet, minerBet, TEST_SEEDS } from './test-bets';
import { manualVerifyInput, verifyBet } from './verify-bet';

describe('verifyBet', () => {
  it('accepts a dice bet whose roll and hash follow from its seeds', () => {
    const bet = diceBet(1);
    const result = verifyBet(bet, TEST_SEEDS.serverSeed);
    expect(result).toMatchObject({ hashMatches: true, outcome: 'match' });
    expect(result.recomputed).toEqual({ game: 'dice', roll: diceRoll(TEST_SEEDS) });
  });

  it('finds a tampered roll and a seed that does not hash to the commitment', () => {
    const bet = diceBet(1) as Extract<Bet, { game: 'dice' }>;
    const tampered: Bet = { ...bet, outcome: { ...bet.outcome, roll: bet.outcome.roll === 1 ? 2 : 1 } };
    expect(verifyBet(tampered, TEST_SEEDS.serverSeed).outcome).toBe('mismatch');
    const otherSeed = TEST_SEEDS.serverSeed.replace(/^9/, '8');
    const wrong = verifyBet(bet, otherSeed);
    expect(wrong.hashMatches).toBe(false);
    expect(wrong.outcome).toBe('mismatch');
  });

  it('compares keno hits in draw order', () => {
    const bet = kenoBet(2) as Extract<Bet, { game: 'keno' }>;
    expect(verifyBet(bet, TEST_SEEDS.serverSeed).outcome).toBe('match');
    const hits = kenoHits(TEST_SEEDS);
    const swapped: Bet = { ...bet, outcome: { ...bet.outcome, hits: [hits[1], hits[0], ...hits.slice(2)] } };
    expect(verifyBet(swapped, TEST_SEEDS.serverSeed).outcome).toBe('mismatch');
  });

  it('checks miner mines as a set once the round ended, and says incomplete while it is open', () => {
    expect(verifyBet(minerBet(3, 5), TEST_SEEDS.serverSeed).outcome).toBe('match');
    expect(verifyBet(minerBet(3, 6), TEST_SEEDS.serverSeed).outcome).toBe('match');
    const open = verifyBet(minerBet(4, 5, TEST_SEEDS, false), TEST_SEEDS.serverSeed);
    expect(open.outcome).toBe('incomplete');
    expect(open.recomputed.game === 'miner' && open.recomputed.mines).toHaveLength(5);
  });

  it('recomputes as many hilo cards as the round dealt', () => {
    const result = verifyBet(hiloBet(5, 4), TEST_SEEDS.serverSeed);
    expect(result.outcome).toBe('match');
    expect(result.recomputed.game === 'hilo' && result.recomputed.cards).toHaveLength(4);
  });

  it('maps a case roll through the table stored with the opening', () => {
    const bet = caseBet(6) as Extract<Bet, { game: 'cases' }>;
    expect(verifyBet(bet, TEST_SEEDS.serverSeed).outcome).toBe('match');
    const otherItem = bet.outcome.table.find((item) => item.id !== bet.outcome.item.id)!;
    const tampered: Bet = { ...bet, outcome: { ...bet.outcome, item: otherItem } };
    expect(verifyBet(tampered, TEST_SEEDS.serverSeed).outcome).toBe('mismatch');
  });
});

describe('manualVerifyInput', () => {
  it('takes the mines and the card count within their ranges only', () => {
    expect(manualVerifyInput({ game: 'miner', mines: 3, cards: 1 })).toEqual({ game: 'miner', mines: 3 });
    expect(manualVerifyInput({ game: 'miner', mines: 25, cards: 1 })).toBeNull();
    expect(manualVerifyInput({ game: 'miner', mines: 0, cards: 1 })).toBeNull();
    expect(manualVerifyInput({ game: 'hilo', mines: 3, cards: 0 })).toBeNull();
    expect(manualVerifyInput({ game: 'hilo', mines: 3, cards: 12 })).toEqual({ game: 'hilo', cards: 12 });
    expect(manualVerifyInput({ game: 'roulette', mines: 0, cards: 0 })).toEqual({ game: 'roulette' });
  });
});
