import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ORIGINALS_NAV } from '@/components/layout/nav-items';
import { ROOMS } from '@/lib/routes';
import { GAME_ART, GameArt, hasGameArt } from './game-art';
import { hueOf, TitleArt } from './title-art';

const IN_HOUSE = [...ORIGINALS_NAV.map((game) => game.key), 'cases', ...ROOMS.map((room) => `room-${room}`)];
const SECTIONS = ['slots', 'liveCasino', 'betting', 'tournaments', 'vipClub', 'top'];

describe('game art', () => {
  it.each([...IN_HOUSE, ...SECTIONS])('draws %s as a small decorative SVG', (key) => {
    expect(hasGameArt(key)).toBe(true);
    const { container } = render(<GameArt art={key as keyof typeof GAME_ART} />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('viewBox', '0 0 160 120');
    // Drawn, not an empty box: shapes inside, and light enough to inline on the home page.
    expect(svg.querySelectorAll('path, circle, rect, ellipse, text').length).toBeGreaterThan(3);
    expect(container.innerHTML.length).toBeLessThan(3_000);
  });

  it('gives every game a picture of its own', () => {
    const drawings = Object.keys(GAME_ART).map((key) => {
      const { container, unmount } = render(<GameArt art={key as keyof typeof GAME_ART} />);
      const svg = container.querySelector('svg')!.innerHTML;
      unmount();
      return svg;
    });
    expect(new Set(drawings).size).toBe(drawings.length);
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
