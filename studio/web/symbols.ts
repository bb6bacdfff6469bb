/**
 * The games' symbols drawn as SVG (a 100×100 view box each), so that no symbol depends on a font: the
 * emoji and dingbats a phone may lack render as empty boxes. Each game has its own style. Pure strings
 * (no DOM), shared by the game pages (slots.ts, tables.ts) and the lobby art (server/art.ts). No element
 * ids (gradients, clip paths): many of these sit in one document, and ids would collide.
 */

type Draw = () => string;

const TEXT_FONT = 'font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"';
const SERIF_FONT = 'font-family="Georgia, \'Times New Roman\', serif"';

/** A star of `points` points: outer radius r1, inner r2. */
function star(cx: number, cy: number, r1: number, r2: number, points: number): string {
  const corners = Array.from({ length: points * 2 }, (_, i) => {
    const r = i % 2 ? r2 : r1;
    const a = (i * Math.PI) / points - Math.PI / 2;
    return `${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`;
  });
  return `M${corners.join('L')}Z`;
}

/** A card rank ("A", "K", "10") in the game's letter style. */
function rank(letter: string, fill: string, stroke: string, serif = true): Draw {
  const size = letter.length > 1 ? 50 : 62;
  return () =>
    `<text x="50" y="${50 + size * 0.36}" text-anchor="middle" ${serif ? SERIF_FONT : TEXT_FONT} font-size="${size}" font-weight="800" fill="${fill}" stroke="${stroke}" stroke-width="3" paint-order="stroke">${letter}</text>`;
}

/** A word on a plaque (WILD, BONUS). */
function plaque(word: string, fill: string, stroke: string, ink: string, extra = ''): string {
  return `<rect x="6" y="28" width="88" height="44" rx="10" fill="${fill}" stroke="${stroke}" stroke-width="4"/>${extra}<text x="50" y="59" text-anchor="middle" ${TEXT_FONT} font-size="24" font-weight="900" letter-spacing="1" fill="${ink}" stroke="#0006" stroke-width="2" paint-order="stroke">${word}</text>`;
}

const bars =
  (count: number): Draw =>
  () => {
    const top = 50 - (count * 22 + (count - 1) * 5) / 2;
    return Array.from({ length: count }, (_, i) => {
      const y = top + i * 27;
      return `<rect x="10" y="${y}" width="80" height="22" rx="5" fill="#151515" stroke="#ffd54a" stroke-width="3"/><text x="50" y="${y + 17}" text-anchor="middle" ${TEXT_FONT} font-size="17" font-weight="900" fill="#ffd54a">BAR</text>`;
    }).join('');
  };

const FRUIT: Record<string, Draw> = {
  seven: () =>
    `<path d="M16 14H84V30L54 88H32L62 32H16Z" fill="#e8202e" stroke="#ffd54a" stroke-width="5" stroke-linejoin="round"/><path d="M22 19H76V24H22Z" fill="#fff" opacity=".35"/>`,
  bar3: bars(3),
  bar2: bars(2),
  bar1: bars(1),
  cherry: () =>
    `<path d="M52 14C47 32 38 44 31 56M52 14C58 32 64 46 69 60" stroke="#4b8a22" stroke-width="5" fill="none" stroke-linecap="round"/><path d="M52 14C62 6 76 8 84 16C74 24 60 22 52 14Z" fill="#5cbf3a"/><circle cx="30" cy="68" r="18" fill="#c8102e"/><circle cx="70" cy="72" r="18" fill="#e2233d"/><circle cx="24" cy="62" r="5" fill="#fff" opacity=".6"/><circle cx="64" cy="66" r="5" fill="#fff" opacity=".6"/>`,
  blank: () => '',
};

const AURORA: Record<string, Draw> = {
  wild: () =>
    plaque(
      'WILD',
      '#0a1d3a',
      '#3ef2c1',
      '#ffffff',
      '<path d="M10 66C30 36 52 74 90 40" stroke="#b06cff" stroke-width="8" fill="none" opacity=".75"/><path d="M10 54C34 30 56 66 90 32" stroke="#3ef2c1" stroke-width="6" fill="none" opacity=".65"/>',
    ),
  scatter: () =>
    `<circle cx="50" cy="50" r="44" fill="#3ef2c1" opacity=".18"/><path d="${star(50, 50, 42, 14, 8)}" fill="#e8fbff" stroke="#3ef2c1" stroke-width="3" stroke-linejoin="round"/><path d="${star(50, 50, 20, 8, 4)}" fill="#3ef2c1"/>`,
  wolf: () =>
    `<path d="M20 14L38 38H62L80 14L82 52L64 80L50 90L36 80L18 52Z" fill="#8fa3b8" stroke="#d9f7ff" stroke-width="2" stroke-linejoin="round"/><path d="M26 24L36 38L28 42Z M74 24L64 38L72 42Z" fill="#4a5b6e"/><path d="M36 58L50 90L64 58L50 64Z" fill="#e6eef5"/><path d="M30 50L44 52L34 56Z M70 50L56 52L66 56Z" fill="#3ef2c1"/><path d="M44 80H56L50 88Z" fill="#16202b"/>`,
  owl: () =>
    `<path d="M22 18L36 30H64L78 18L80 62C80 82 66 92 50 92C34 92 20 82 20 62Z" fill="#a57a4c" stroke="#f4e6c4" stroke-width="2"/><circle cx="37" cy="48" r="13" fill="#f4e6c4"/><circle cx="63" cy="48" r="13" fill="#f4e6c4"/><circle cx="37" cy="48" r="7" fill="#ffb300"/><circle cx="63" cy="48" r="7" fill="#ffb300"/><circle cx="37" cy="48" r="3.5" fill="#111"/><circle cx="63" cy="48" r="3.5" fill="#111"/><path d="M45 58H55L50 70Z" fill="#e8912a"/><path d="M32 76Q50 84 68 76M36 84Q50 90 64 84" stroke="#7a5634" stroke-width="3" fill="none"/>`,
  fox: () =>
    `<path d="M16 12L40 34H60L84 12L80 50L50 90L20 50Z" fill="#f07a24" stroke="#ffd2a8" stroke-width="2" stroke-linejoin="round"/><path d="M22 20L36 34L26 40Z M78 20L64 34L74 40Z" fill="#5a2a10"/><path d="M20 50L50 90L80 50L62 60L50 62L38 60Z" fill="#fff3e6"/><path d="M32 46L44 50L34 53Z M68 46L56 50L66 53Z" fill="#1b1b1b"/><circle cx="50" cy="84" r="5" fill="#1b1b1b"/>`,
  ace: rank('A', '#d9f7ff', '#1a6f8f'),
  king: rank('K', '#b9f5e4', '#0f6b55'),
  queen: rank('Q', '#e5d4ff', '#5b2d95'),
  jack: rank('J', '#cfe3ff', '#2a4f94'),
  ten: rank('10', '#d9f7ff', '#1a6f8f'),
};

const JADE: Record<string, Draw> = {
  wild: () =>
    `<circle cx="50" cy="42" r="38" fill="#1e9e5a" stroke="#f3e3a0" stroke-width="4"/><circle cx="50" cy="42" r="26" fill="none" stroke="#8ff0b8" stroke-width="2" opacity=".6"/><circle cx="50" cy="42" r="10" fill="#02140d"/>` +
    `<rect x="12" y="58" width="76" height="32" rx="8" fill="#b8262c" stroke="#f3e3a0" stroke-width="3"/><text x="50" y="82" text-anchor="middle" ${TEXT_FONT} font-size="21" font-weight="900" letter-spacing="1" fill="#f3e3a0">WILD</text>`,
  dragon: () =>
    `<circle cx="50" cy="50" r="44" fill="#3a0d0d" stroke="#f3c94a" stroke-width="4"/><path d="M22 70C22 50 42 48 50 58C58 68 78 66 78 46C78 32 66 24 56 26" stroke="#e23b2e" stroke-width="12" fill="none" stroke-linecap="round"/><path d="M22 70C22 50 42 48 50 58C58 68 78 66 78 46C78 32 66 24 56 26" stroke="#f3c94a" stroke-width="3" fill="none" stroke-dasharray="3 6"/><path d="M50 18L66 22L60 32L48 30Z" fill="#e23b2e" stroke="#f3c94a" stroke-width="2"/><circle cx="58" cy="25" r="2.5" fill="#f3c94a"/><path d="M64 20L74 12M66 24L78 20" stroke="#f3c94a" stroke-width="2"/>`,
  phoenix: () =>
    `<path d="M50 88C40 70 14 64 8 36C26 46 36 48 44 56C38 40 34 26 40 10C48 28 52 40 52 54C58 40 66 30 82 24C76 44 70 52 60 60C72 56 82 56 92 60C76 70 62 74 50 88Z" fill="#ff8a1e" stroke="#ffd54a" stroke-width="3" stroke-linejoin="round"/><path d="M50 80C44 68 30 62 26 50C36 56 44 58 50 66C54 56 60 50 70 46C66 58 58 66 50 80Z" fill="#ffd54a"/><circle cx="44" cy="20" r="3" fill="#3a0d0d"/>`,
  koi: () =>
    `<path d="M14 50C24 30 52 26 70 40L90 26L84 50L90 74L70 60C52 74 24 70 14 50Z" fill="#f6f1e6" stroke="#ff7a2a" stroke-width="3" stroke-linejoin="round"/><path d="M30 36C38 34 46 40 44 48C40 54 30 52 28 44Z M50 56C58 54 64 58 62 64C56 68 50 66 50 56Z" fill="#ff5a1f"/><path d="M44 32L56 22L60 36Z" fill="#ff7a2a"/><circle cx="24" cy="46" r="3" fill="#111"/>`,
  lantern: () =>
    `<path d="M50 4V14" stroke="#f3c94a" stroke-width="3"/><rect x="34" y="12" width="32" height="8" rx="2" fill="#f3c94a"/><ellipse cx="50" cy="50" rx="34" ry="30" fill="#d7262e" stroke="#f3c94a" stroke-width="2"/><path d="M50 20V80M34 24C26 40 26 60 34 76M66 24C74 40 74 60 66 76" stroke="#8e1218" stroke-width="2.5" fill="none"/><rect x="34" y="80" width="32" height="8" rx="2" fill="#f3c94a"/><path d="M44 88V98M50 88V98M56 88V98" stroke="#f3c94a" stroke-width="2.5"/><ellipse cx="40" cy="40" rx="6" ry="10" fill="#fff" opacity=".2"/>`,
  ace: rank('A', '#f3e3a0', '#0b6b3a'),
  king: rank('K', '#8ff0b8', '#0b3d24'),
  queen: rank('Q', '#ffb3a8', '#6b1212'),
  jack: rank('J', '#b5e6ff', '#0b3d5c'),
};

const GOLDEN: Record<string, Draw> = {
  wild: () =>
    plaque(
      'WILD',
      '#5a3b06',
      '#ffc83d',
      '#fff3c4',
      `<path d="${star(14, 30, 10, 4, 5)} ${star(86, 70, 10, 4, 5)}" fill="#ffe27a"/>`,
    ),
  coin: () =>
    `<circle cx="50" cy="52" r="42" fill="#a86f00"/><circle cx="50" cy="48" r="42" fill="#ffc83d"/><circle cx="50" cy="48" r="32" fill="none" stroke="#a86f00" stroke-width="4"/><text x="50" y="64" text-anchor="middle" ${SERIF_FONT} font-size="44" font-weight="900" fill="#8a5a00">$</text><ellipse cx="36" cy="30" rx="10" ry="6" fill="#fff" opacity=".45"/>`,
  bull: () =>
    `<path d="M30 36C16 34 8 24 8 12C16 22 24 24 34 24Z M70 36C84 34 92 24 92 12C84 22 76 24 66 24Z" fill="#f5ecd6" stroke="#7a5a2a" stroke-width="2"/><path d="M26 30H74L72 60C70 80 62 90 50 90C38 90 30 80 28 60Z" fill="#7b4a22" stroke="#ffc83d" stroke-width="2"/><ellipse cx="50" cy="76" rx="16" ry="11" fill="#c98f62"/><circle cx="44" cy="76" r="3" fill="#3a2208"/><circle cx="56" cy="76" r="3" fill="#3a2208"/><circle cx="50" cy="86" r="6" fill="none" stroke="#ffc83d" stroke-width="3"/><circle cx="38" cy="50" r="4" fill="#111"/><circle cx="62" cy="50" r="4" fill="#111"/>`,
  horseshoe: () =>
    `<path d="M26 88V48C26 28 36 14 50 14C64 14 74 28 74 48V88" stroke="#7d8791" stroke-width="17" fill="none" stroke-linecap="round"/><path d="M26 88V48C26 28 36 14 50 14C64 14 74 28 74 48V88" stroke="#dfe6ec" stroke-width="11" fill="none" stroke-linecap="round"/>${[
      [26, 80],
      [26, 62],
      [30, 44],
      [74, 80],
      [74, 62],
      [70, 44],
    ]
      .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="2.5" fill="#5b646d"/>`)
      .join('')}`,
  clover: () =>
    `<path d="M50 52C56 70 60 82 68 94" stroke="#2f7d32" stroke-width="5" fill="none" stroke-linecap="round"/>${[
      [50, 28],
      [28, 50],
      [72, 50],
      [50, 72],
    ]
      .map(
        ([x, y]) =>
          `<circle cx="${x}" cy="${y}" r="17" fill="#43a047" stroke="#1b5e20" stroke-width="2"/><circle cx="${x - 5}" cy="${y - 5}" r="5" fill="#fff" opacity=".3"/>`,
      )
      .join('')}<circle cx="50" cy="50" r="6" fill="#ffc83d"/>`,
  ace: rank('A', '#ffe27a', '#7a4b00'),
  king: rank('K', '#ffd0a0', '#6b2f00'),
  queen: rank('Q', '#fff3c4', '#5a4a10'),
  jack: rank('J', '#ffe9b0', '#6b4a00'),
};

/** Each slot's symbols, in the order its page cycles them while a reel spins. */
export const GAME_SYMBOLS: Readonly<Record<string, Readonly<Record<string, Draw>>>> = {
  'fruit-sevens': FRUIT,
  'aurora-wilds': AURORA,
  'jade-ways': JADE,
  'golden-coins': GOLDEN,
};

/** The inner markup (100×100 view box) of a game's symbol, '' when the game or symbol is unknown. */
export function symbolMarkup(game: string, symbol: string): string {
  return GAME_SYMBOLS[game]?.[symbol]?.() ?? '';
}

/** A symbol as a standalone inline <svg> that scales to its box. */
export function symbolSvg(game: string, symbol: string): string {
  return `<svg class="symbol" viewBox="0 0 100 100" aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg">${symbolMarkup(game, symbol)}</svg>`;
}

export type Suit = 'diamonds' | 'hearts' | 'spades' | 'clubs';

const SUIT_PATHS: Record<Suit, string> = {
  hearts:
    'M50 88C20 64 8 48 8 32C8 18 20 10 31 10C41 10 47 16 50 24C53 16 59 10 69 10C80 10 92 18 92 32C92 48 80 64 50 88Z',
  diamonds: 'M50 6L86 50L50 94L14 50Z',
  spades:
    'M50 6C62 28 90 42 90 60C90 74 79 80 69 80C61 80 55 76 53 72C54 82 57 88 64 94H36C43 88 46 82 47 72C45 76 39 80 31 80C21 80 10 74 10 60C10 42 38 28 50 6Z',
  clubs:
    'M50 10A17 17 0 0 1 64 38A17 17 0 1 1 56 66C57 78 60 86 66 94H34C40 86 43 78 44 66A17 17 0 1 1 36 38A17 17 0 0 1 50 10Z',
};

export const suitColor = (suit: Suit) => (suit === 'hearts' || suit === 'diamonds' ? '#c8242f' : '#111');

/** A card suit's path in a 100×100 box, placed at (x, y) with the given size. */
export function suitMarkup(suit: Suit, x = 0, y = 0, size = 100): string {
  return `<path transform="translate(${x} ${y}) scale(${size / 100})" d="${SUIT_PATHS[suit]}" fill="${suitColor(suit)}"/>`;
}

/** A playing card face (60×84 view box): rank in the corners, the suit large in the middle. */
export function cardMarkup(rankText: string, suit: Suit): string {
  const color = suitColor(suit);
  const corner = (x: number, y: number, flip: boolean) =>
    `<g${flip ? ' transform="rotate(180 30 42)"' : ''}><text x="${x}" y="${y}" text-anchor="middle" ${TEXT_FONT} font-size="15" font-weight="800" fill="${color}">${rankText}</text>${suitMarkup(suit, x - 5, y + 3, 10)}</g>`;
  return `<rect x="1" y="1" width="58" height="82" rx="6" fill="#fbf7ee" stroke="#0003" stroke-width="1.5"/>${corner(10, 17, false)}${corner(10, 17, true)}${suitMarkup(suit, 15, 27, 30)}`;
}

export function cardSvg(rankText: string, suit: Suit, label: string): string {
  return `<svg class="card-face" viewBox="0 0 60 84" role="img" aria-label="${label}" xmlns="http://www.w3.org/2000/svg">${cardMarkup(rankText, suit)}</svg>`;
}
