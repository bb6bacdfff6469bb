import { describe, expect, it } from 'vitest';
import type { Seeds } from '@/lib/fair/random';
import {
  BACCARAT_RTP,
  BACCARAT_SHOE,
  baccaratCoup,
  baccaratOdds,
  baccaratRtp,
  bankerDraws,
  drawBaccaratRound,
  settleBaccarat,
  STUDIO_BACCARAT,
  type BaccaratBetType,
} from './baccarat';
import { frac, toNumber } from './fraction';
import { StudioBetError } from './game';

const TABLE_SEEDS: Seeds = {
  serverSeed: 'e9c5c2fb8f45f6b8a1a0e3ac4e3f6a5d2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e',
  clientSeed: 'lucky-player',
  nonce: 0,
};
const round = (nonce: number): Seeds => ({ ...TABLE_SEEDS, nonce });
const values = (cards: readonly number[]) => baccaratCoup(cards, (value) => value);

describe('Studio Baccarat RTP', () => {
  const odds = baccaratOdds();
  const rtp = baccaratRtp(odds);

  it('enumerates every six-card sequence of the 8-deck shoe: the published odds of punto banco', () => {
    expect(odds.total).toBe(416 * 415 * 414 * 413 * 412 * 411);
    expect((odds.weights.banker / odds.total).toFixed(6)).toBe('0.458597');
    expect((odds.weights.player / odds.total).toFixed(6)).toBe('0.446247');
    expect((odds.weights.tie / odds.total).toFixed(6)).toBe('0.095156');
    expect(odds.pair).toEqual(frac(31, 415));
  });

  it('each bet returns its declared exact RTP', () => {
    for (const type of Object.keys(BACCARAT_RTP) as BaccaratBetType[]) {
      expect(Math.abs(toNumber(rtp[type]) - BACCARAT_RTP[type]), type).toBeLessThan(1e-9);
    }
    expect(rtp.banker).toEqual(frac(10_732_465_128_097n, 10_847_218_479_825n));
    expect(rtp['player-pair']).toEqual(frac(372, 415));
    // The house edges everybody quotes: banker 1.06 %, player 1.24 %, tie 14.36 %.
    expect((1 - BACCARAT_RTP.banker).toFixed(4)).toBe('0.0106');
    expect((1 - BACCARAT_RTP.player).toFixed(4)).toBe('0.0124');
    expect((1 - BACCARAT_RTP.tie).toFixed(4)).toBe('0.1436');
    expect(STUDIO_BACCARAT.rtp).toBe(BACCARAT_RTP.banker);
  });
});

describe('Studio Baccarat tableau', () => {
  it('a natural stands on both sides', () => {
    expect(values([8, 7, 0, 0, 9, 9])).toMatchObject({
      playerTotal: 8,
      bankerTotal: 7,
      winner: 'player',
      used: 4,
    });
    expect(values([3, 4, 3, 5, 9, 9])).toMatchObject({
      playerTotal: 6,
      bankerTotal: 9,
      winner: 'banker',
      used: 4,
    });
  });

  it('Player draws on 0–5 and stands on 6–7; Banker then follows the third-card table', () => {
    // Player 6 stands, Banker 5 draws (Player stood: banker draws on 0–5).
    expect(values([3, 2, 3, 3, 4, 9])).toMatchObject({
      playerTotal: 6,
      bankerTotal: 9,
      winner: 'banker',
      used: 5,
    });
    // Player 2 draws an 8; Banker 3 stands against an 8.
    expect(values([1, 1, 1, 2, 8, 9])).toMatchObject({
      playerTotal: 0,
      bankerTotal: 3,
      winner: 'banker',
      used: 5,
    });
    // Player 5 draws a 4; Banker 5 draws against a 4.
    expect(values([2, 2, 3, 3, 4, 3])).toMatchObject({ playerTotal: 9, bankerTotal: 8, used: 6 });
  });

  it('the banker draws exactly by the table', () => {
    const draws = (banker: number) =>
      [null, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9]
        .filter((third) => bankerDraws(banker, third))
        .map(String)
        .join(' ');
    expect(draws(0)).toBe('null 0 1 2 3 4 5 6 7 8 9');
    expect(draws(2)).toBe('null 0 1 2 3 4 5 6 7 8 9');
    expect(draws(3)).toBe('null 0 1 2 3 4 5 6 7 9');
    expect(draws(4)).toBe('null 2 3 4 5 6 7');
    expect(draws(5)).toBe('null 4 5 6 7');
    expect(draws(6)).toBe('6 7');
    expect(draws(7)).toBe('');
  });
});

describe('Studio Baccarat rounds', () => {
  it('deals from a full 8-deck shoe of lib/fair cards', () => {
    expect(BACCARAT_SHOE).toHaveLength(416);
  });

  it('deals known coups for fixed seeds', () => {
    const first = drawBaccaratRound(round(0));
    // Player K♣ 4♠ → 4, draws 2♥ → 6; Banker 3♣ Q♣ → 3, draws against a 2: 4♦ → 7.
    expect(first.player.map((card) => card.rank)).toEqual([13, 4, 2]);
    expect(first.banker.map((card) => card.rank)).toEqual([3, 12, 4]);
    expect(first).toMatchObject({ playerTotal: 6, bankerTotal: 7, winner: 'banker', used: 6 });
    expect(drawBaccaratRound(round(1))).toMatchObject({ playerTotal: 4, bankerTotal: 4, winner: 'tie' });
    expect(drawBaccaratRound(round(42))).toMatchObject({ playerTotal: 4, bankerTotal: 3, winner: 'player' });
  });

  it('Banker pays 0.95 to 1, a tie pushes Player and Banker and pays the tie 8 to 1', () => {
    const bankerWin = drawBaccaratRound(round(0));
    expect(
      settleBaccarat(bankerWin, [
        { type: 'banker', amountMinor: 1_000n },
        { type: 'tie', amountMinor: 100n },
      ]).bets.map((bet) => bet.winMinor),
    ).toEqual([1_950n, 0n]);
    const tie = drawBaccaratRound(round(1));
    expect(
      settleBaccarat(tie, [
        { type: 'player', amountMinor: 1_000n },
        { type: 'tie', amountMinor: 100n },
      ]).winMinor,
    ).toBe(1_000n + 900n);
    const pair = { ...tie, playerPair: true };
    expect(settleBaccarat(pair, [{ type: 'player-pair', amountMinor: 100n }]).winMinor).toBe(1_200n);
  });

  it('checks the table limits and refuses backing both sides', () => {
    expect(STUDIO_BACCARAT.spin(round(42), [{ type: 'player', amountMinor: 1_000n }]).winMinor).toBe(2_000n);
    expect(() =>
      STUDIO_BACCARAT.spin(round(42), [
        { type: 'player', amountMinor: 1_000n },
        { type: 'banker', amountMinor: 1_000n },
      ]),
    ).toThrow(StudioBetError);
    expect(() => STUDIO_BACCARAT.spin(round(42), [{ type: 'tie', amountMinor: 60_000n }])).toThrow(
      StudioBetError,
    );
    expect(() => STUDIO_BACCARAT.spin(round(42), [{ type: 'player', amountMinor: 50n }])).toThrow(
      StudioBetError,
    );
  });
});
