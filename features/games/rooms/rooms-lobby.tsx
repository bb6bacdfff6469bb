import { getTranslations } from 'next-intl/server';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ScopedMessages } from '@/components/i18n/scoped-messages';
import { ROOM_NAMES } from '@/lib/constants/rooms';
import { ROUTES } from '@/lib/routes';
import { ROOM_ACCENT } from './constants';
import { LobbyRoomStatus, RoomsLobbyLive } from './rooms-lobby-live';

const ROOM_ROUTE = { red: ROUTES.roomRed, yellow: ROUTES.roomYellow, purple: ROUTES.roomPurple } as const;
const ROOM_PAGE = { red: 'roomRed', yellow: 'roomYellow', purple: 'roomPurple' } as const;

/**
 * The rooms lobby (issue 16): a card per room (server HTML: its name and what it is), each with its open
 * round's pot, players and countdown in the player's currency, live over the socket (`rooms`).
 */
export async function RoomsLobby() {
  const t = await getTranslations('pages');
  return (
    <ScopedMessages namespaces={['rooms.lobby']}>
      <RoomsLobbyLive>
        <ul className="grid gap-4 sm:grid-cols-3" data-testid="rooms-lobby">
          {ROOM_NAMES.map((room) => (
            <li key={room}>
              <LocaleLink
                href={ROOM_ROUTE[room]}
                className="block h-full rounded-2xl border border-line bg-panel p-5 transition hover:border-gold"
                style={{
                  backgroundImage: `linear-gradient(135deg, ${ROOM_ACCENT[room]}55, transparent 70%)`,
                }}
                data-testid={`rooms-lobby-${room}`}
              >
                <span className="text-xl font-bold">{t(`${ROOM_PAGE[room]}.title`)}</span>
                <span className="mt-1 block text-sm text-muted">{t(`${ROOM_PAGE[room]}.description`)}</span>
                <LobbyRoomStatus room={room} />
              </LocaleLink>
            </li>
          ))}
        </ul>
      </RoomsLobbyLive>
    </ScopedMessages>
  );
}
