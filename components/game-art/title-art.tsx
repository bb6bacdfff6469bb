import type { CSSProperties } from 'react';

/** A hue of the colour wheel picked by a name, the same every time (FNV-1a). */
export function hueOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < name.length; index += 1) {
    hash ^= name.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 360;
}

/**
 * The art of a catalogue game that has no picture of its own: the game's name on a ground in its
 * provider's colour (one hue per provider, so a provider's games look alike), with the reels' sparkle
 * drawn in the app's gold. Never an empty box.
 */
export function TitleArt({ title, provider }: { title: string; provider: string }) {
  return (
    <span className="title-art" aria-hidden="true" style={{ '--hue': hueOf(provider) } as CSSProperties}>
      <svg viewBox="0 0 160 120" focusable="false" className="title-art-mark">
        <path d="M132 14l3 8 8 3-8 3-3 8-3-8-8-3 8-3zM26 86l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" fill="#f5c542" />
        <circle cx="80" cy="60" r="44" fill="none" stroke="#fff" strokeOpacity=".12" strokeWidth="10" />
      </svg>
      <span className="title-art-name">{title}</span>
    </span>
  );
}
