import type { ReactNode } from 'react';
import { HomeLink } from './home-link';

/** A tile of a row: its art on top, its name (and a line under it) below, the whole tile one link. */
export function ArtTile({
  href,
  art,
  name,
  meta,
  testId,
}: {
  href: string;
  art: ReactNode;
  name: string;
  meta?: string;
  testId?: string;
}) {
  return (
    <li className="home-cell" data-testid={testId}>
      <HomeLink href={href} className="home-tile">
        <span className="home-tile-art">{art}</span>
        <span className="home-tile-name">{name}</span>
        {meta ? <span className="home-tile-meta">{meta}</span> : null}
      </HomeLink>
    </li>
  );
}
