import { useTranslations } from 'next-intl';
import { TitleArt } from '@/components/game-art/title-art';
import type { CasinoGame } from '@/lib/contracts/casino';
import { liveCasinoPath, ROUTES, slotPath } from '@/lib/routes';
import { ArtTile } from './art-tile';
import { LobbyRow } from './lobby-row';

const gamePath = (game: CasinoGame) =>
  game.lobby === 'live' ? liveCasinoPath(game.code, 'play') : slotPath(game.code, 'play');

/** A catalogue game's art: the provider's picture, or one drawn from its name when it has none. */
export function CatalogArt({ game }: { game: CasinoGame }) {
  if (!game.thumbnail) return <TitleArt title={game.name} provider={game.provider} />;
  return (
    // The provider's art, from its own host (CSP img-src): next/image cannot optimise it. Below the fold
    // on a phone, so loaded only when scrolled near.
    // eslint-disable-next-line @next/next/no-img-element
    <img src={game.thumbnail} alt="" width={400} height={300} loading="lazy" decoding="async" />
  );
}

/** The popular slots or live tables of the catalogue; nothing when the catalogue had none to give. */
export function CatalogRow({ lobby, games }: { lobby: CasinoGame['lobby']; games: CasinoGame[] }) {
  const t = useTranslations('home.rows');
  if (games.length === 0) return null;
  const slots = lobby === 'slots';
  return (
    <LobbyRow
      id={slots ? 'home-slots' : 'home-live'}
      title={slots ? t('slots') : t('live')}
      seeAll={slots ? ROUTES.slots : ROUTES.liveCasino}
    >
      {games.map((game) => (
        <ArtTile
          key={game.code}
          href={gamePath(game)}
          art={<CatalogArt game={game} />}
          name={game.name}
          meta={game.provider_name}
        />
      ))}
    </LobbyRow>
  );
}
