/**
 * `npm run bench:studio-rtp [-- SPINS]`: plays SPINS (default 1 000 000) paid spins of every slot of the
 * game studio (studio/games) and as many rounds of its tables, each from a fresh random server seed and
 * client seed with the nonce counting up (every free spin and respin of a feature takes the next nonce, as
 * in play), and prints per game the observed RTP with its 99 % confidence interval beside the declared
 * exact RTP, the standard deviation of one paid spin's return (the volatility), and spins per second.
 *
 * A slot's paid spin counts with everything its feature pays; the interval is ±2.576 σ/√SPINS of those
 * returns. The table rows bet one chip per round (roulette: a spot of the layout drawn at random, every
 * spot returning 36/37; baccarat: each bet type in a row of its own, on the same coups).
 */
import { randomBytes } from 'node:crypto';
import { newServerSeed, type Seeds } from '@/lib/fair/random';
import { AURORA_WILDS } from '../studio/games/aurora-wilds';
import {
  BACCARAT_RTP,
  drawBaccaratRound,
  settleBaccarat,
  type BaccaratBetType,
} from '../studio/games/baccarat';
import { FRUIT_SEVENS } from '../studio/games/fruit-sevens';
import type { SlotGame } from '../studio/games/game';
import { GOLDEN_COINS } from '../studio/games/golden-coins';
import { JADE_WAYS } from '../studio/games/jade-ways';
import {
  drawRouletteRound,
  INSIDE_GROUPS,
  settleRoulette,
  STUDIO_ROULETTE_RTP,
  type StudioRouletteInside,
  type StudioRouletteSpot,
} from '../studio/games/roulette';

const SPINS = Number(process.argv[2] ?? process.env.SPINS ?? 1_000_000);
const BET = 1_000n; // 10.00 in minor units: every studio multiplier pays whole minor units on it
const Z99 = 2.576;

interface Row {
  game: string;
  declared: number;
  observed: number;
  halfWidth: number;
  sd: number;
  spinsPerSecond: number;
}

/** Mean, 99 % half-width and σ of per-round returns, from their sums. */
function summarise(sum: number, sumSq: number, rounds: number) {
  const mean = sum / rounds;
  const variance = Math.max(sumSq / rounds - mean * mean, 0);
  return { mean, sd: Math.sqrt(variance), halfWidth: Z99 * Math.sqrt(variance / rounds) };
}

const freshSeeds = (): Seeds => ({
  serverSeed: newServerSeed(),
  clientSeed: randomBytes(8).toString('hex'),
  nonce: 0,
});

function playSlot<O, S>(game: SlotGame<O, S>): Row {
  const seeds = freshSeeds();
  const bet = { amountMinor: BET };
  let sum = 0;
  let sumSq = 0;
  let spins = 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < SPINS; round += 1) {
    let result = game.spin(seeds, bet);
    seeds.nonce += 1;
    spins += 1;
    let won = result.winMinor;
    while (result.state) {
      result = game.spin(seeds, bet, result.state);
      seeds.nonce += 1;
      spins += 1;
      won += result.winMinor;
    }
    const ratio = Number(won) / Number(BET);
    sum += ratio;
    sumSq += ratio * ratio;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { mean, sd, halfWidth } = summarise(sum, sumSq, SPINS);
  return {
    game: game.name,
    declared: game.rtp,
    observed: mean,
    halfWidth,
    sd,
    spinsPerSecond: spins / seconds,
  };
}

/** A small fast PRNG for the players' choices (not for outcomes, which come from the seeds). */
let choice = 0x9e3779b9;
const rand = () => {
  choice ^= choice << 13;
  choice ^= choice >>> 17;
  choice ^= choice << 5;
  return (choice >>> 0) / 2 ** 32;
};

const SPOTS: StudioRouletteSpot[] = [
  ...(Object.entries(INSIDE_GROUPS) as [StudioRouletteInside, number[][]][]).flatMap(([type, groups]) =>
    groups.map((numbers) => ({ type, numbers })),
  ),
  ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({ type })),
  ...[1, 2, 3].flatMap((value) => [
    { type: 'dozen' as const, value },
    { type: 'column' as const, value },
  ]),
];

function playRoulette(): Row {
  const seeds = freshSeeds();
  let sum = 0;
  let sumSq = 0;
  const started = process.hrtime.bigint();
  for (let round = 0; round < SPINS; round += 1) {
    const spot = SPOTS[Math.floor(rand() * SPOTS.length)];
    const settled = settleRoulette(drawRouletteRound(seeds), [{ ...spot, amountMinor: BET }]);
    seeds.nonce += 1;
    const ratio = Number(settled.winMinor) / Number(BET);
    sum += ratio;
    sumSq += ratio * ratio;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const { mean, sd, halfWidth } = summarise(sum, sumSq, SPINS);
  return {
    game: 'Studio Roulette (random spot)',
    declared: STUDIO_ROULETTE_RTP,
    observed: mean,
    halfWidth,
    sd,
    spinsPerSecond: SPINS / seconds,
  };
}

function playBaccarat(): Row[] {
  const seeds = freshSeeds();
  const types = Object.keys(BACCARAT_RTP) as BaccaratBetType[];
  const sums = types.map(() => ({ sum: 0, sumSq: 0 }));
  const bets = types.map((type) => ({ type, amountMinor: BET }));
  const started = process.hrtime.bigint();
  for (let round = 0; round < SPINS; round += 1) {
    const settled = settleBaccarat(drawBaccaratRound(seeds), bets);
    seeds.nonce += 1;
    settled.bets.forEach((bet, i) => {
      const ratio = Number(bet.winMinor) / Number(BET);
      sums[i].sum += ratio;
      sums[i].sumSq += ratio * ratio;
    });
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return types.map((type, i) => {
    const { mean, sd, halfWidth } = summarise(sums[i].sum, sums[i].sumSq, SPINS);
    return {
      game: `Studio Baccarat: ${type}`,
      declared: BACCARAT_RTP[type],
      observed: mean,
      halfWidth,
      sd,
      spinsPerSecond: SPINS / seconds,
    };
  });
}

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
const rows: Row[] = [];
const print = (row: Row) => {
  const inside = Math.abs(row.observed - row.declared) <= row.halfWidth;
  console.log(
    [
      row.game.padEnd(32),
      pct(row.declared).padStart(10),
      pct(row.observed).padStart(10),
      `±${pct(row.halfWidth)}`.padStart(11),
      (inside ? 'yes' : 'NO').padStart(6),
      row.sd.toFixed(2).padStart(8),
      Math.round(row.spinsPerSecond).toLocaleString('en-US').padStart(10),
    ].join('  '),
  );
  rows.push(row);
};

console.log(`Game studio: ${SPINS.toLocaleString('en-US')} paid spins (or rounds) per game, random seeds\n`);
console.log(
  [
    'GAME'.padEnd(32),
    'DECLARED'.padStart(10),
    'OBSERVED'.padStart(10),
    '99 % CI'.padStart(11),
    'IN CI'.padStart(6),
    'SD'.padStart(8),
    'SPINS/S'.padStart(10),
  ].join('  '),
);
for (const game of [FRUIT_SEVENS, AURORA_WILDS, JADE_WAYS, GOLDEN_COINS] as SlotGame<unknown, unknown>[]) {
  print(playSlot(game));
}
print(playRoulette());
for (const row of playBaccarat()) print(row);
const outside = rows.filter((row) => Math.abs(row.observed - row.declared) > row.halfWidth).length;
console.log(
  `\n${outside} of ${rows.length} observations outside their 99 % interval (about 1 in 100 is expected by chance).` +
    '\nSPINS/S counts every spin, free spins and respins included; the baccarat rows share their coups.',
);
