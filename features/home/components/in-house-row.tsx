import { useTranslations } from 'next-intl';
import { GameArt } from '@/components/game-art/game-art';
import { IN_HOUSE_GAMES } from '../in-house-games';
import { ArtTile } from './art-tile';
import { LobbyRow } from './lobby-row';

/**
 * The house's own games with their art: the single games, the cases and the rooms. Every one of them is
 * in the row, so it has no "See all".
 */
export function InHouseRow() {
  const t = useTranslations();
  return (
    <LobbyRow id="home-originals" title={t('home.rows.inHouse')}>
      {IN_HOUSE_GAMES.map((game) => (
        <ArtTile
          key={game.key}
          testId={`in-house-${game.key}`}
          href={game.href}
          art={<GameArt art={game.key} />}
          name={t(game.label)}
        />
      ))}
    </LobbyRow>
  );
}
