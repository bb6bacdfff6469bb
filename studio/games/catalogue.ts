import { AURORA_WILDS } from './aurora-wilds';
import { STUDIO_BACCARAT } from './baccarat';
import { FRUIT_SEVENS } from './fruit-sevens';
import type { StudioGameInfo } from './game';
import { GOLDEN_COINS } from './golden-coins';
import { JADE_WAYS } from './jade-ways';
import { STUDIO_ROULETTE } from './roulette';

/** The studio's games: four slots and two live-style tables (see studio/README.md). */
export const STUDIO_SLOTS = [FRUIT_SEVENS, AURORA_WILDS, JADE_WAYS, GOLDEN_COINS] as const;
export const STUDIO_TABLES = [STUDIO_ROULETTE, STUDIO_BACCARAT] as const;

/** What the game list of the studio shows for every game. */
export const STUDIO_CATALOGUE: readonly StudioGameInfo[] = [...STUDIO_SLOTS, ...STUDIO_TABLES].map(
  ({ code, name, category, volatility, rtp }) => ({ code, name, category, volatility, rtp }),
);
