/**
 * What the studio's game list says of each game beyond its math (studio/games/catalogue.ts): the release
 * date and the look (palette and the symbols drawn on its art and page), one entry per game.
 */
export interface GameLook {
  releaseDate: string;
  /** Background gradient, accent and text colours. */
  colors: { from: string; to: string; accent: string; text: string };
  /**
   * The symbols the art shows: slot symbol names drawn by studio/web/symbols.ts, or for baccarat cards
   * as `rank:suit`.
   */
  symbols: readonly string[];
}

export const GAME_LOOKS: Readonly<Record<string, GameLook>> = {
  'fruit-sevens': {
    releaseDate: '2024-03-14',
    colors: { from: '#3b0a0a', to: '#120406', accent: '#ff3b3b', text: '#ffe9a8' },
    symbols: ['cherry', 'seven', 'bar3'],
  },
  'aurora-wilds': {
    releaseDate: '2024-09-02',
    colors: { from: '#06243f', to: '#050b1a', accent: '#3ef2c1', text: '#d9f7ff' },
    symbols: ['wolf', 'owl', 'wild', 'fox', 'scatter'],
  },
  'jade-ways': {
    releaseDate: '2025-01-20',
    colors: { from: '#053824', to: '#02140d', accent: '#2fd27a', text: '#f3e3a0' },
    symbols: ['koi', 'phoenix', 'dragon', 'lantern', 'wild'],
  },
  'golden-coins': {
    releaseDate: '2025-05-08',
    colors: { from: '#3a2604', to: '#140c02', accent: '#ffc83d', text: '#fff3c4' },
    symbols: ['bull', 'coin', 'coin', 'coin', 'clover'],
  },
  'studio-roulette': {
    releaseDate: '2024-06-11',
    colors: { from: '#0b3a1c', to: '#04140a', accent: '#e8c35a', text: '#f5f0e0' },
    symbols: [],
  },
  'studio-baccarat': {
    releaseDate: '2024-11-27',
    colors: { from: '#3a0820', to: '#12030a', accent: '#e8c35a', text: '#f8e8f0' },
    symbols: ['A:spades', '9:hearts', 'K:diamonds'],
  },
};
