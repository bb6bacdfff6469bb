/**
 * `npm run art`: writes the product's game art (components/game-art) to public/art/<key>.svg, the files
 * the pages show. Run it after changing a drawing; components/game-art/game-art.test.tsx fails while a
 * file differs from its drawing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { artDocument, ART_DIR } from '../components/game-art/art-files';
import { GAME_ART_KEYS } from '../components/game-art/game-art';

mkdirSync(ART_DIR, { recursive: true });
for (const key of GAME_ART_KEYS) {
  const file = path.join(ART_DIR, `${key}.svg`);
  writeFileSync(file, artDocument(key));
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
