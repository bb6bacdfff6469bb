import { useTranslations } from 'next-intl';
import { GameArt, type GameArtKey } from '@/components/game-art/game-art';
import { ROUTES } from '@/lib/routes';
import { ArtTile } from './art-tile';
import { LobbyRow } from './lobby-row';

const SECTIONS = [
  { key: 'slots', href: ROUTES.slots },
  { key: 'liveCasino', href: ROUTES.liveCasino },
  { key: 'betting', href: ROUTES.betting },
  { key: 'tournaments', href: ROUTES.tournaments },
  { key: 'vipClub', href: ROUTES.vipClub },
  { key: 'top', href: ROUTES.top },
] as const satisfies readonly { key: GameArtKey & string; href: string }[];

/** The product's other lobbies and clubs, each with its art. */
export function SectionsRow() {
  const t = useTranslations();
  return (
    <LobbyRow id="home-sections" title={t('pages.home.sections')}>
      {SECTIONS.map((section) => (
        <ArtTile
          key={section.key}
          testId={`section-${section.key}`}
          href={section.href}
          art={<GameArt art={section.key} />}
          name={t(`nav.${section.key}`)}
        />
      ))}
    </LobbyRow>
  );
}
