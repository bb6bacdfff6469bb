import { describe, expect, it } from 'vitest';
import { caseRtp } from './games/cases';
import { COINFLIP_MULTIPLIER } from './games/coinflip';
import { DICE_OUTCOMES, diceMultiplier, diceTargetValid, diceWinningOutcomes } from './games/dice';
import { hiloMultiplierScaled, hiloWinningRanks } from './games/hilo';
import { KENO_HITS, KENO_PAYTABLE, KENO_RISKS, KENO_SQUARES } from './games/keno';
import { MINER_TILES, minerMultiplier, minerSurvival } from './games/miner';
import {
  ROULETTE_MULTIPLIERS,
  ROULETTE_POCKETS,
  rouletteChipWins,
  type RouletteChipBet,
} from './games/roulette';
import { choose } from './multiplier';

/**
 * Exact RTP of every game from its outcome table (every outcome enumerated), to four decimals. Each option
 * the player can choose is checked on its own, so no option hides a worse return behind an average.
 */
const fourDecimals = (rtp: number) => rtp.toFixed(4);

describe('exact RTP', () => {
  it('dice: every valid target and direction returns 99 %', () => {
    let options = 0;
    for (let t = 1; t <= 9_999; t += 1) {
      for (const direction of ['over', 'under'] as const) {
        const target = t / 100;
        if (!diceTargetValid(target, direction)) continue;
        options += 1;
        const p = diceWinningOutcomes(target, direction) / DICE_OUTCOMES;
        expect(fourDecimals(p * diceMultiplier(target, direction)), `${direction} ${target}`).toBe('0.9900');
      }
    }
    expect(options).toBe(19_602);
  });

  it('coinflip returns 99 %', () => {
    expect(fourDecimals(0.5 * COINFLIP_MULTIPLIER)).toBe('0.9900');
  });

  it('roulette: every bet type returns 36/37 = 97.30 %', () => {
    const chips: RouletteChipBet[] = [
      ...Array.from({ length: 37 }, (_, value) => ({ type: 'straight' as const, value })),
      { type: 'red' },
      { type: 'black' },
      { type: 'odd' },
      { type: 'even' },
      { type: 'low' },
      { type: 'high' },
      ...[1, 2, 3].flatMap((value) => [
        { type: 'dozen' as const, value },
        { type: 'column' as const, value },
      ]),
    ];
    for (const chip of chips) {
      let wins = 0;
      for (let pocket = 0; pocket < ROULETTE_POCKETS; pocket += 1)
        if (rouletteChipWins(chip, pocket)) wins += 1;
      expect(fourDecimals((wins / ROULETTE_POCKETS) * ROULETTE_MULTIPLIERS[chip.type])).toBe('0.9730');
    }
  });

  it('keno: every risk and pick count returns 99 % (hypergeometric)', () => {
    for (const risk of KENO_RISKS) {
      for (let picks = 1; picks <= 10; picks += 1) {
        const row = KENO_PAYTABLE[risk][picks - 1];
        expect(row).toHaveLength(picks + 1);
        let rtp = 0;
        for (let k = 0; k <= picks; k += 1) {
          const p =
            Number(choose(KENO_HITS, k) * choose(KENO_SQUARES - KENO_HITS, picks - k)) /
            Number(choose(KENO_SQUARES, picks));
          rtp += p * row[k];
        }
        expect(fourDecimals(rtp), `${risk} ${picks}`).toBe('0.9900');
        // More matches never pay less.
        for (let k = 1; k <= picks; k += 1) expect(row[k]).toBeGreaterThanOrEqual(row[k - 1]);
      }
    }
  });

  it('miner: cashing out after any number of safe tiles, with any number of mines, returns 99 %', () => {
    for (let mines = 1; mines <= 24; mines += 1) {
      for (let safe = 1; safe <= MINER_TILES - mines; safe += 1) {
        expect(
          fourDecimals(minerSurvival(mines, safe) * minerMultiplier(mines, safe)),
          `${mines}/${safe}`,
        ).toBe('0.9900');
      }
    }
  });

  it('hilo: any guess on any card, and any two guesses in a row, cashed out, return 99 %', () => {
    const ranks = Array.from({ length: 13 }, (_, i) => i + 2);
    for (const rank of ranks) {
      for (const guess of ['higher', 'lower'] as const) {
        const count = hiloWinningRanks(rank, guess);
        expect(fourDecimals((count / 13) * (Number(hiloMultiplierScaled([count])) / 10_000))).toBe('0.9900');
        for (const second of ranks) {
          for (const guess2 of ['higher', 'lower'] as const) {
            const count2 = hiloWinningRanks(second, guess2);
            const p = (count / 13) * (count2 / 13);
            expect(fourDecimals(p * (Number(hiloMultiplierScaled([count, count2])) / 10_000))).toBe('0.9900');
          }
        }
      }
    }
  });

  it('cases: Σ chance × multiplier (each seeded case is checked against its declared RTP by the server tests)', () => {
    expect(
      caseRtp([
        { id: 1, rolls: 60_000, multiplier: 0.5 },
        { id: 2, rolls: 39_000, multiplier: 1.5 },
        { id: 3, rolls: 1_000, multiplier: 7.5 },
      ]),
    ).toBe(0.96); // 0.6 × 0.5 + 0.39 × 1.5 + 0.01 × 7.5
  });
});
