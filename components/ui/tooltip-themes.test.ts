import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLTIP_THEMES } from '@/lib/constants/ui';
import { TOOLTIP_THEME_CLASS } from './tooltip-themes';

const css = readFileSync(path.join(process.cwd(), 'app/globals.css'), 'utf8');
const tokens = Object.fromEntries(
  [...css.matchAll(/--color-([\w-]+):\s*(#[0-9a-f]{6})/gi)].map((m) => [m[1], m[2]]),
);
const colour = (name: string) => (name === 'white' ? '#ffffff' : tokens[name]);

/** WCAG 2 relative luminance and contrast ratio. */
const luminance = (hex: string) => {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
};
const contrast = (a: string, b: string) => {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
};

describe('tooltip themes', () => {
  it.each(TOOLTIP_THEMES)('%s: text on its background has a contrast of at least 4.5:1', (theme) => {
    const { surface } = TOOLTIP_THEME_CLASS[theme];
    const background = colour(/\bbg-([\w-]+)/.exec(surface)![1]);
    const text = colour(/\btext-([\w-]+)/.exec(surface)![1]);
    expect(background).toBeDefined();
    expect(text).toBeDefined();
    expect(contrast(text, background)).toBeGreaterThanOrEqual(4.5);
  });
});
