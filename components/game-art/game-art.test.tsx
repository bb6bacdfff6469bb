import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORIGINALS_NAV } from '@/components/layout/nav-items';
import { ROOMS } from '@/lib/routes';
import { ART_DIR, artDocument } from './art-files';
import { GAME_ART } from './drawings';
import { GAME_ART_KEYS, GameArt, gameArtSrc, hasGameArt } from './game-art';
import { hueOf, TitleArt } from './title-art';

const IN_HOUSE = [...ORIGINALS_NAV.map((game) => game.key), 'cases', ...ROOMS.map((room) => `room-${room}`)];
const SECTIONS = ['slots', 'liveCasino', 'betting', 'tournaments', 'vipClub', 'top'];

describe('game art', () => {
  it('has a drawing for every key, and a key for every drawing', () => {
    expect(Object.keys(GAME_ART).sort()).toEqual([...GAME_ART_KEYS].sort());
    for (const key of [...IN_HOUSE, ...SECTIONS]) expect(hasGameArt(key), key).toBe(true);
    expect(hasGameArt('blackjack')).toBe(false);
  });

  it.each([...GAME_ART_KEYS])(
    'serves %s as the file its drawing makes (npm run art), small and drawn',
    (key) => {
      const file = readFileSync(path.join(ART_DIR, `${key}.svg`), 'utf8');
      expect(file, `public/art/${key}.svg is stale: run npm run art`).toBe(artDocument(key));
      expect(file).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 160 120"/);
      // Drawn, not an empty box: shapes besides the ground and the glow, and light to load.
      expect(file.match(/<(path|circle|rect|ellipse|text)\b/g)!.length).toBeGreaterThan(5);
      expect(file.length).toBeLessThan(3_500);
    },
  );

  it('gives every game a picture of its own', () => {
    const drawings = GAME_ART_KEYS.map((key) => artDocument(key));
    expect(new Set(drawings).size).toBe(drawings.length);
  });

  it('shows the art as one decorative image, loaded when near the screen', () => {
    const { container } = render(<GameArt art="dice" />);
    const image = container.querySelector('img')!;
    expect(image).toHaveAttribute('src', gameArtSrc('dice'));
    expect(image).toHaveAttribute('src', '/art/dice.svg');
    expect(image).toHaveAttribute('alt', '');
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(container.querySelectorAll('svg')).toHaveLength(0);
  });

  it('draws a catalogue game without a picture as its name in its provider’s colour', () => {
    const { container, getByText } = render(<TitleArt title="Aurora Wilds" provider="aurum-studio" />);
    expect(getByText('Aurora Wilds')).toBeInTheDocument();
    expect((container.firstChild as HTMLElement).style.getPropertyValue('--hue')).toBe(
      String(hueOf('aurum-studio')),
    );
    expect(hueOf('aurum-studio')).toBe(hueOf('aurum-studio'));
    expect(hueOf('aurum-studio')).not.toBe(hueOf('evolution'));
  });
});
