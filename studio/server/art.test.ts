import { describe, expect, it } from 'vitest';
import { AURORA_WILDS_CONFIG } from '../games/aurora-wilds';
import { STUDIO_CATALOGUE } from '../games/catalogue';
import { FRUIT_SEVENS_CONFIG } from '../games/fruit-sevens';
import { GOLDEN_COINS_CONFIG } from '../games/golden-coins';
import { JADE_WAYS_CONFIG } from '../games/jade-ways';
import { GAME_SYMBOLS, symbolMarkup } from '../web/symbols';
import { backdropSvg, backgroundSvg, thumbSvg } from './art';

/** Anything past ASCII may be a glyph the player's fonts lack (an empty box on the reel). */
const NOT_ASCII = /[^\x20-\x7e\n]/;

const STRIPS: Record<string, readonly (readonly string[])[]> = {
  'fruit-sevens': FRUIT_SEVENS_CONFIG.strips,
  'aurora-wilds': AURORA_WILDS_CONFIG.strips,
  'jade-ways': JADE_WAYS_CONFIG.strips,
  'golden-coins': GOLDEN_COINS_CONFIG.strips,
};

describe('the games art and symbols', () => {
  it('draws every symbol a reel can show as SVG shapes, with no emoji or dingbat', () => {
    for (const [game, strips] of Object.entries(STRIPS)) {
      for (const symbol of new Set(strips.flat())) {
        expect(Object.keys(GAME_SYMBOLS[game]), `${game} ${symbol}`).toContain(symbol);
        const markup = symbolMarkup(game, symbol);
        if (symbol !== 'blank')
          expect(markup, `${game} ${symbol}`).toMatch(/<(path|circle|rect|ellipse|text)/);
        expect(markup, `${game} ${symbol}`).not.toMatch(NOT_ASCII);
      }
    }
  });

  it('draws each thumbnail, background and page backdrop in ASCII SVG, the backdrop without the name', () => {
    for (const game of STUDIO_CATALOGUE) {
      for (const svg of [thumbSvg(game), backgroundSvg(game), backdropSvg(game)]) {
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
        expect(svg, game.code).not.toMatch(NOT_ASCII);
      }
      expect(thumbSvg(game)).toContain(`>${game.name.replace(/&/g, '&#38;')}</text>`);
      expect(backdropSvg(game)).not.toContain(`>${game.name}</text>`);
    }
  });
});
