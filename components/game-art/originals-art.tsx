import { ArtSvg, GOLD, GOLD_DARK, INK } from './art-svg';

/** The in-house games' art (the house's own games, the rooms and the cases), one small SVG each. */

const CARD = '#f4f4f8';
const FONT = 'system-ui,sans-serif';

export function CrashArt() {
  return (
    <ArtSvg tint="#f97316">
      <path d="M16 102H148M16 78H148M16 54H148" stroke="#fff" strokeOpacity=".07" />
      <path d="M18 102Q92 100 122 40V102Z" fill={GOLD} opacity=".16" />
      <path d="M18 102Q92 100 122 40" fill="none" stroke={GOLD} strokeWidth="4" strokeLinecap="round" />
      <g transform="translate(128 30) rotate(28) scale(1.4)">
        <path d="M-4 9 0 24 4 9Z" fill="#fb923c" />
        <path d="M0-15C7-8 6 4 4 9H-4C-6 4-7-8 0-15Z" fill={CARD} />
        <path d="M-4 1-10 11H-4ZM4 1 10 11H4Z" fill="#ef4444" />
        <circle cy="-4" r="2.8" fill="#38bdf8" />
      </g>
      <text x="18" y="36" fill={GOLD} fontSize="22" fontWeight="800" fontFamily={FONT}>
        2.37×
      </text>
    </ArtSvg>
  );
}

export function DiceArt() {
  return (
    <ArtSvg tint="#ef4444">
      <ellipse cx="84" cy="100" rx="54" ry="7" fill="#000" opacity=".35" />
      <g transform="translate(60 66) rotate(-14)">
        <rect x="-25" y="-25" width="50" height="50" rx="10" fill={CARD} />
        <g fill={INK}>
          <circle cx="-12" cy="-12" r="4.5" />
          <circle cx="12" cy="-12" r="4.5" />
          <circle r="4.5" />
          <circle cx="-12" cy="12" r="4.5" />
          <circle cx="12" cy="12" r="4.5" />
        </g>
      </g>
      <g transform="translate(110 52) rotate(16)">
        <rect x="-21" y="-21" width="42" height="42" rx="9" fill="#e5484d" />
        <g fill="#fff">
          <circle cx="-10" cy="-10" r="4" />
          <circle r="4" />
          <circle cx="10" cy="10" r="4" />
        </g>
      </g>
    </ArtSvg>
  );
}

export function CoinflipArt() {
  return (
    <ArtSvg tint={GOLD}>
      <ellipse cx="76" cy="104" rx="40" ry="6" fill="#000" opacity=".35" />
      <path d="M122 14q18 12 12 38" fill="none" stroke="#fff" strokeOpacity=".3" strokeWidth="2" />
      <ellipse cx="116" cy="46" rx="9" ry="26" fill="#9ca3af" stroke="#e5e7eb" strokeWidth="3" />
      <circle cx="70" cy="62" r="34" fill={GOLD} stroke={GOLD_DARK} strokeWidth="5" />
      <circle cx="70" cy="62" r="25" fill="none" stroke={GOLD_DARK} strokeWidth="2" strokeDasharray="3 3" />
      <path
        d="M70 46 74.7 55.5 85.2 57.1 77.6 64.5 79.4 74.9 70 70 60.6 74.9 62.4 64.5 54.8 57.1 65.3 55.5Z"
        fill={GOLD_DARK}
      />
    </ArtSvg>
  );
}

export function HiloArt() {
  return (
    <ArtSvg tint="#22c55e">
      <g transform="translate(60 62) rotate(-12)">
        <rect x="-23" y="-32" width="46" height="64" rx="6" fill={CARD} />
        <text x="-17" y="-14" fill="#dc2626" fontSize="15" fontWeight="800" fontFamily={FONT}>
          K
        </text>
        <path d="M0 14C-16 2-11-12 0-4 11-12 16 2 0 14Z" fill="#dc2626" />
      </g>
      <g transform="translate(96 58) rotate(10)">
        <rect x="-23" y="-32" width="46" height="64" rx="6" fill={CARD} stroke={GOLD} strokeWidth="2" />
        <text x="-17" y="-14" fill={INK} fontSize="15" fontWeight="800" fontFamily={FONT}>
          A
        </text>
        <path d="M0-10C15 1 11 14 0 7-11 14-15 1 0-10ZM-5 16H5L0 6Z" fill={INK} />
      </g>
      <path d="M140 24l10 13h-20z" fill="#22c55e" />
      <path d="M140 96l10-13h-20z" fill="#ef4444" />
    </ArtSvg>
  );
}

/** Keno's board: the cells picked and drawn are gold, the picked ones not drawn only ringed. */
const KENO_HITS = new Set([1, 5, 8, 12, 14, 18]);
const KENO_MISSES = new Set([3, 10, 16]);

export function KenoArt() {
  return (
    <ArtSvg tint="#38bdf8">
      {Array.from({ length: 20 }, (_, index) => (
        <rect
          key={index}
          x={20 + (index % 5) * 20}
          y={18 + Math.floor(index / 5) * 20}
          width="16"
          height="16"
          rx="4"
          fill={KENO_HITS.has(index) ? GOLD : '#2c3252'}
          stroke={KENO_MISSES.has(index) ? GOLD : '#3b4270'}
          strokeWidth={KENO_MISSES.has(index) ? 2 : 1}
        />
      ))}
      <circle cx="134" cy="88" r="16" fill="#38bdf8" />
      <circle cx="134" cy="88" r="10" fill={CARD} />
      <text x="134" y="92.5" fill={INK} fontSize="12" fontWeight="800" textAnchor="middle" fontFamily={FONT}>
        17
      </text>
    </ArtSvg>
  );
}

export function RouletteArt() {
  return (
    <ArtSvg tint="#dc2626">
      <circle cx="80" cy="60" r="47" fill="#3b2414" stroke={GOLD_DARK} strokeWidth="3" />
      <g transform="rotate(-90 80 60)" fill="none" strokeWidth="14">
        <circle cx="80" cy="60" r="36" stroke="#c81e1e" />
        <circle cx="80" cy="60" r="36" stroke="#111827" strokeDasharray="9.42 9.42" />
        <circle cx="80" cy="60" r="36" stroke="#16a34a" strokeDasharray="9.42 217" />
      </g>
      <circle cx="80" cy="60" r="24" fill={GOLD} />
      <path d="M80 41v38M61 60h38" stroke={GOLD_DARK} strokeWidth="4" strokeLinecap="round" />
      <circle cx="80" cy="60" r="6" fill={GOLD_DARK} stroke="#fff" strokeOpacity=".5" />
      <circle cx="105.5" cy="34.5" r="4.5" fill="#fff" />
    </ArtSvg>
  );
}

/** Miner's field: what each cell shows (hidden, a gem, the bomb). */
const MINER_FIELD = 'hghhghbhhghg';

export function MinerArt() {
  return (
    <ArtSvg tint="#10b981">
      {[...MINER_FIELD].map((cell, index) => {
        const x = 26 + (index % 4) * 28;
        const y = 16 + Math.floor(index / 4) * 30;
        return (
          <g key={index} transform={`translate(${x} ${y})`}>
            <rect
              width="24"
              height="24"
              rx="5"
              fill={cell === 'g' ? '#0f3d33' : cell === 'b' ? '#4c1d1d' : '#2c3252'}
              stroke={cell === 'h' ? '#3b4270' : cell === 'g' ? '#34d399' : '#ef4444'}
            />
            {cell === 'g' ? <path d="M4 10l4-5h8l4 5-8 10z" fill="#34d399" /> : null}
            {cell === 'b' ? (
              <>
                <circle cx="11" cy="14" r="6.5" fill="#0b0d18" />
                <path d="M15 9q3-5 6-3" fill="none" stroke="#d6a36a" strokeWidth="1.5" />
                <circle cx="21" cy="5" r="2" fill="#fbbf24" />
              </>
            ) : null}
          </g>
        );
      })}
    </ArtSvg>
  );
}

export function CasesArt() {
  return (
    <ArtSvg tint="#a855f7">
      <path d="M58 44 36 2H124L102 44Z" fill={GOLD} opacity=".18" />
      <path d="M62 18l7-8 7 8-7 10z" fill="#38bdf8" />
      <circle cx="100" cy="20" r="7" fill={GOLD} stroke={GOLD_DARK} strokeWidth="2" />
      <path d="M82 8l2.4 5 5.4.8-3.9 3.8.9 5.4L82 20.5l-4.8 2.5.9-5.4-3.9-3.8 5.4-.8z" fill="#fde68a" />
      <path
        d="M42 58 50 36H110L118 58Z"
        fill="#7c3aed"
        stroke={GOLD}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <rect x="40" y="58" width="80" height="46" rx="6" fill="#5b21b6" stroke={GOLD} strokeWidth="2" />
      <rect x="54" y="58" width="8" height="46" fill={GOLD_DARK} />
      <rect x="98" y="58" width="8" height="46" fill={GOLD_DARK} />
      <rect x="72" y="64" width="16" height="18" rx="3" fill={GOLD} />
      <circle cx="80" cy="72" r="3" fill={INK} />
    </ArtSvg>
  );
}

/** The rooms' pot wheel: the players' shares round the rim, in each room's own colour and order. */
const POT_RING = 2 * Math.PI * 34;
const POT_COLOURS = ['#f5b301', '#38bdf8', '#f472b6', '#4ade80', '#a78bfa'];

/** Each share's arc: its length and where it starts on the ring. */
function arcs(shares: readonly number[]) {
  return shares.map((share, index) => ({
    length: share * POT_RING,
    start: shares.slice(0, index).reduce((sum, before) => sum + before, 0) * POT_RING,
  }));
}

function RoomArt({ accent, shares }: { accent: string; shares: readonly number[] }) {
  return (
    <ArtSvg tint={accent}>
      <circle cx="80" cy="62" r="46" fill="none" stroke={accent} strokeWidth="5" />
      <g transform="rotate(-90 80 62)" fill="none" strokeWidth="16">
        {arcs(shares).map(({ length, start }, index) => (
          <circle
            key={index}
            cx="80"
            cy="62"
            r="34"
            stroke={POT_COLOURS[index % POT_COLOURS.length]}
            strokeDasharray={`${(length - 1.5).toFixed(1)} ${POT_RING.toFixed(1)}`}
            strokeDashoffset={(-start).toFixed(1)}
          />
        ))}
      </g>
      <circle cx="80" cy="62" r="22" fill={INK} stroke={accent} strokeWidth="2" />
      <circle cx="80" cy="62" r="11" fill={GOLD} stroke={GOLD_DARK} strokeWidth="3" />
      <path d="M80 20 73 6H87Z" fill={GOLD} />
    </ArtSvg>
  );
}

export const RoomRedArt = () => <RoomArt accent="#dc2626" shares={[0.42, 0.23, 0.2, 0.15]} />;
export const RoomYellowArt = () => <RoomArt accent="#eab308" shares={[0.3, 0.3, 0.25, 0.15]} />;
export const RoomPurpleArt = () => <RoomArt accent="#9333ea" shares={[0.5, 0.12, 0.18, 0.1, 0.1]} />;
