/**
 * `npm run bench:games-rtp [-- ROUNDS]`: plays ROUNDS (default 1 000 000) rounds of each instant game
 * through the engine (server/modules/games/engine.ts, the same functions the routes call, without HTTP
 * or the database) and prints the observed RTP next to the declared one, a 95 % interval of the
 * observation, and rounds per second. Inputs vary per round (targets, picks, risks, chips) the way
 * players would; every case of the demo seed is played ROUNDS times.
 */
import { randomBytes } from 'node:crypto';
import {
  COINFLIP_RTP,
  DICE_RTP,
  diceTargetValid,
  KENO_RISKS,
  KENO_RTP,
  newServerSeed,
  ROULETTE_RTP,
  type RouletteBetType,
  type Seeds,
} from '@/lib/fair';
import { DEMO_CASES } from '../server/db/seed';
import {
  playCase,
  playCoinflip,
  playDice,
  playKeno,
  playRoulette,
  type CaseTableEntry,
} from '../server/modules/games/engine';

const ROUNDS = Number(process.argv[2] ?? process.env.ROUNDS ?? 1_000_000);
const STAKE = 10_000n; // 100.00 in minor units: payouts round down to the minor unit as in real bets

/** A small fast PRNG for the players' choices (not for outcomes, which come from the seeds). */
let state = 0x9e3779b9;
const rand = () => {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 2 ** 32;
};
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)];

interface Row {
  game: string;
  declared: number;
  observed: number;
  halfWidth: number;
  perSecond: number;
}

function play(
  game: string,
  declared: number,
  round: (seeds: Seeds) => { stake: bigint; payout: bigint },
): Row {
  const serverSeed = newServerSeed();
  const clientSeed = randomBytes(8).toString('hex');
  let staked = 0;
  let paid = 0;
  let sumSq = 0;
  const started = process.hrtime.bigint();
  for (let nonce = 0; nonce < ROUNDS; nonce += 1) {
    const { stake, payout } = round({ serverSeed, clientSeed, nonce });
    staked += Number(stake);
    paid += Number(payout);
    const ratio = Number(payout) / Number(stake);
    sumSq += ratio * ratio;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const mean = paid / staked;
  const variance = sumSq / ROUNDS - mean * mean;
  return {
    game,
    declared,
    observed: mean,
    halfWidth: 1.96 * Math.sqrt(Math.max(variance, 0) / ROUNDS),
    perSecond: ROUNDS / seconds,
  };
}

const rows: Row[] = [];

rows.push(
  play('dice', DICE_RTP, (seeds) => {
    let target: number;
    let direction: 'over' | 'under';
    do {
      target = Math.round((2 + rand() * 96) * 100) / 100;
      direction = rand() < 0.5 ? 'over' : 'under';
    } while (!diceTargetValid(target, direction));
    return { stake: STAKE, payout: playDice(seeds, { target, direction }, STAKE).payoutMinor };
  }),
);
rows.push(
  play('coinflip', COINFLIP_RTP, (seeds) => ({
    stake: STAKE,
    payout: playCoinflip(seeds, { side: rand() < 0.5 ? 'heads' : 'tails' }, STAKE).payoutMinor,
  })),
);
const SQUARES = Array.from({ length: 40 }, (_, i) => i + 1);
rows.push(
  play('keno (low/medium risk, 1–10 picks)', KENO_RTP, (seeds) => {
    const count = 1 + Math.floor(rand() * 10);
    const pool = [...SQUARES];
    const picks = Array.from({ length: count }, () => pool.splice(Math.floor(rand() * pool.length), 1)[0]);
    const risk = pick(KENO_RISKS.slice(0, 2));
    return { stake: STAKE, payout: playKeno(seeds, { picks, risk }, STAKE).payoutMinor };
  }),
);
rows.push(
  play('keno (high risk, 1–10 picks)', KENO_RTP, (seeds) => {
    const count = 1 + Math.floor(rand() * 10);
    const pool = [...SQUARES];
    const picks = Array.from({ length: count }, () => pool.splice(Math.floor(rand() * pool.length), 1)[0]);
    return { stake: STAKE, payout: playKeno(seeds, { picks, risk: 'high' }, STAKE).payoutMinor };
  }),
);
const OUTSIDE: RouletteBetType[] = ['red', 'black', 'odd', 'even', 'low', 'high'];
rows.push(
  play('roulette (1–3 chips)', ROULETTE_RTP, (seeds) => {
    const chips = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
      const kind = rand();
      if (kind < 0.4) return { type: pick(OUTSIDE), amountMinor: STAKE };
      if (kind < 0.7)
        return {
          type: pick(['dozen', 'column'] as const),
          value: 1 + Math.floor(rand() * 3),
          amountMinor: STAKE,
        };
      return { type: 'straight' as const, value: Math.floor(rand() * 37), amountMinor: STAKE };
    });
    const result = playRoulette(seeds, chips);
    return { stake: STAKE * BigInt(chips.length), payout: result.payoutMinor };
  }),
);
for (const demo of DEMO_CASES) {
  let from = 1;
  const table: CaseTableEntry[] = demo.items.map(([en, ru, kz, rolls, multiplier, rarity], id) => {
    const entry = {
      id,
      from,
      to: from + rolls - 1,
      multiplier_scaled: Math.round(multiplier * 10_000),
      rarity,
      name: { en, ru, kz },
    };
    from += rolls;
    return entry;
  });
  const price = BigInt(Math.round(demo.prices.RUB * 100));
  rows.push(
    play(`case ${demo.slug}`, demo.rtp, (seeds) => ({
      stake: price,
      payout: playCase(seeds, table, price).payoutMinor,
    })),
  );
}

const pct = (x: number) => `${(x * 100).toFixed(3)} %`;
console.log(`Provably fair games: ${ROUNDS.toLocaleString('en-US')} rounds each through the engine\n`);
console.log(
  [
    'GAME'.padEnd(36),
    'DECLARED'.padStart(10),
    'OBSERVED'.padStart(10),
    '±95 %'.padStart(10),
    'ROUNDS/S'.padStart(12),
  ].join('  '),
);
for (const row of rows) {
  console.log(
    [
      row.game.padEnd(36),
      pct(row.declared).padStart(10),
      pct(row.observed).padStart(10),
      pct(row.halfWidth).padStart(10),
      Math.round(row.perSecond).toLocaleString('en-US').padStart(12),
    ].join('  '),
  );
}
