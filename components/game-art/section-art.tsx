import { ArtSvg, GOLD, GOLD_DARK, INK } from './art-svg';

/** The lobbies' and clubs' art: slots, live casino, betting, tournaments, the VIP club and the top. */

const FONT = 'system-ui,sans-serif';

export function SlotsArt() {
  return (
    <ArtSvg tint="#f43f5e">
      <rect x="26" y="20" width="104" height="84" rx="12" fill="#7f1d1d" stroke={GOLD} strokeWidth="3" />
      <rect x="48" y="10" width="60" height="16" rx="8" fill={GOLD} />
      <path d="M130 62h10V38" fill="none" stroke="#9ca3af" strokeWidth="4" strokeLinecap="round" />
      <circle cx="140" cy="34" r="6" fill="#ef4444" />
      {[36, 64, 92].map((x) => (
        <g key={x}>
          <rect x={x} y="36" width="26" height="50" rx="4" fill="#f4f4f8" />
          <text
            x={x + 13}
            y="72"
            fill="#dc2626"
            fontSize="30"
            fontWeight="900"
            textAnchor="middle"
            fontFamily={FONT}
          >
            7
          </text>
        </g>
      ))}
      <path d="M32 61H124" stroke={GOLD} strokeWidth="2" strokeDasharray="4 3" />
    </ArtSvg>
  );
}

export function LiveCasinoArt() {
  return (
    <ArtSvg tint="#ef4444">
      <circle cx="80" cy="42" r="13" fill="#4b5563" />
      <path d="M50 80q30-36 60 0z" fill="#374151" />
      <path d="M74 58l6 4 6-4v8l-6-4-6 4z" fill={GOLD} />
      <ellipse cx="80" cy="98" rx="72" ry="22" fill="#166534" stroke={GOLD_DARK} strokeWidth="3" />
      <rect x="70" y="86" width="14" height="19" rx="2" fill="#f4f4f8" transform="rotate(-10 77 95)" />
      <rect x="84" y="86" width="14" height="19" rx="2" fill="#f4f4f8" transform="rotate(8 91 95)" />
      {[0, 1, 2, 3].map((level) => (
        <g key={level}>
          <ellipse
            cx="42"
            cy={96 - level * 5}
            rx="12"
            ry="4.5"
            fill="#dc2626"
            stroke="#fff"
            strokeDasharray="3 3"
          />
          <ellipse
            cx="124"
            cy={98 - level * 5}
            rx="12"
            ry="4.5"
            fill="#2563eb"
            stroke="#fff"
            strokeDasharray="3 3"
          />
        </g>
      ))}
      <rect x="14" y="12" width="46" height="18" rx="9" fill="#dc2626" />
      <circle cx="24" cy="21" r="3.5" fill="#fff" />
      <text x="31" y="25.5" fill="#fff" fontSize="11" fontWeight="800" fontFamily={FONT}>
        LIVE
      </text>
    </ArtSvg>
  );
}

export function BettingArt() {
  return (
    <ArtSvg tint="#22c55e">
      <ellipse cx="64" cy="102" rx="30" ry="5" fill="#000" opacity=".35" />
      <circle cx="64" cy="58" r="34" fill="#f4f4f8" stroke={INK} strokeWidth="2" />
      <path d="M64 46 75.4 54.3 71.1 67.7H56.9L52.6 54.3Z" fill={INK} />
      <path
        d="M64 46V26M75.4 54.3 89.7 49.7M71.1 67.7 79.9 79.8M56.9 67.7 48.1 79.8M52.6 54.3 38.3 49.7"
        stroke={INK}
        strokeWidth="2"
      />
      <path
        d="M57 26h14l-7 6zM94 46l-2 12-6-8zM84 86l-12 2 4-8zM44 86l12 2-4-8zM34 46l2 12 6-8z"
        fill={INK}
      />
      <rect x="106" y="28" width="42" height="62" rx="6" fill="#1f2937" stroke={GOLD} strokeWidth="2" />
      <rect x="113" y="38" width="28" height="4" rx="2" fill="#fff" opacity=".45" />
      <rect x="113" y="48" width="20" height="4" rx="2" fill="#fff" opacity=".3" />
      <rect x="113" y="58" width="24" height="4" rx="2" fill="#fff" opacity=".3" />
      <text x="127" y="82" fill={GOLD} fontSize="13" fontWeight="800" textAnchor="middle" fontFamily={FONT}>
        2.45
      </text>
    </ArtSvg>
  );
}

export function TournamentsArt() {
  return (
    <ArtSvg tint={GOLD}>
      <path
        d="M36 20l4 6M124 22l-5 5M30 60l7-2M130 58l-7-1"
        stroke="#38bdf8"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path
        d="M58 30H46c0 16 6 22 14 24M102 30h12c0 16-6 22-14 24"
        fill="none"
        stroke={GOLD}
        strokeWidth="5"
      />
      <path
        d="M56 22H104V44C104 62 94 72 80 72S56 62 56 44Z"
        fill={GOLD}
        stroke={GOLD_DARK}
        strokeWidth="2"
      />
      <path
        d="M80 32 83.5 39.2 91.4 40.3 85.7 45.9 87 53.7 80 50 73 53.7 74.3 45.9 68.6 40.3 76.5 39.2Z"
        fill={GOLD_DARK}
      />
      <rect x="74" y="72" width="12" height="12" fill={GOLD_DARK} />
      <rect x="60" y="84" width="40" height="10" rx="2" fill={GOLD_DARK} />
      <rect x="54" y="94" width="52" height="9" rx="2" fill="#7c5a0c" />
    </ArtSvg>
  );
}

export function VipArt() {
  return (
    <ArtSvg tint="#a855f7">
      <path
        d="M36 84 30 38 58 60 80 26 102 60 130 38 124 84Z"
        fill={GOLD}
        stroke={GOLD_DARK}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <rect x="34" y="84" width="92" height="14" rx="3" fill={GOLD_DARK} />
      <circle cx="30" cy="38" r="5" fill={GOLD} />
      <circle cx="80" cy="26" r="6" fill={GOLD} />
      <circle cx="130" cy="38" r="5" fill={GOLD} />
      <circle cx="56" cy="91" r="4" fill="#ef4444" />
      <path d="M80 84l6 7-6 7-6-7z" fill="#22d3ee" />
      <circle cx="104" cy="91" r="4" fill="#3b82f6" />
      <circle cx="80" cy="62" r="6" fill="#a855f7" stroke={GOLD_DARK} strokeWidth="2" />
    </ArtSvg>
  );
}

export function TopArt() {
  return (
    <ArtSvg tint="#38bdf8">
      <path
        d="M80 12 84.1 20.4 93.3 21.7 86.7 28.2 88.2 37.3 80 33 71.8 37.3 73.3 28.2 66.7 21.7 75.9 20.4Z"
        fill={GOLD}
      />
      <rect x="60" y="46" width="40" height="60" rx="3" fill={GOLD} />
      <rect x="20" y="64" width="40" height="42" rx="3" fill="#cbd5e1" />
      <rect x="100" y="78" width="40" height="28" rx="3" fill="#d97706" />
      <g fill={INK} fontSize="20" fontWeight="900" textAnchor="middle" fontFamily={FONT}>
        <text x="80" y="72">
          1
        </text>
        <text x="40" y="90">
          2
        </text>
        <text x="120" y="99">
          3
        </text>
      </g>
    </ArtSvg>
  );
}
