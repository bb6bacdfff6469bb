import { describe, expect, it } from 'vitest';
import { STUDIO_CATALOGUE, STUDIO_SLOTS, STUDIO_TABLES } from './catalogue';

describe('the studio catalogue', () => {
  it('lists four slots of four mechanics and two live tables, each code once', () => {
    expect(STUDIO_SLOTS.map((game) => game.category)).toEqual([
      'classic-slots',
      'video-slots',
      'ways',
      'hold-and-win',
    ]);
    expect(STUDIO_TABLES.map((game) => game.category)).toEqual(['live-roulette', 'live-baccarat']);
    expect(new Set(STUDIO_CATALOGUE.map((game) => game.code)).size).toBe(6);
  });

  it('every slot declares an RTP between 94 % and 97 %', () => {
    for (const game of STUDIO_SLOTS) {
      expect(game.rtp, game.code).toBeGreaterThanOrEqual(0.94);
      expect(game.rtp, game.code).toBeLessThanOrEqual(0.97);
    }
  });
});
