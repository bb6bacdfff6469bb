import { getTranslations } from 'next-intl/server';
import { getBetLimits } from '@/lib/constants/bet-limits';
import { CURRENCY_SYMBOLS, DEFAULT_CURRENCY } from '@/lib/constants/currencies';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ROOMS, ROUTES } from '@/lib/routes';
import { ROOM_BET_GAME } from './rooms';

const ROOM_ROUTE = { red: ROUTES.roomRed, yellow: ROUTES.roomYellow, purple: ROUTES.roomPurple } as const;
const ROOM_KEY = { red: 'roomRed', yellow: 'roomYellow', purple: 'roomPurple' } as const;
const ROOM_COLOR = {
  red: 'from-red-600/40',
  yellow: 'from-yellow-500/40',
  purple: 'from-purple-600/40',
} as const;

/** The three rooms with the bet each one takes (spec section 9, in the default currency). */
export async function RoomsLobby() {
  const t = await getTranslations();
  return (
    <ul className="grid gap-4 sm:grid-cols-3">
      {ROOMS.map((room) => (
        <li key={room}>
          <LocaleLink
            href={ROOM_ROUTE[room]}
            className={`block rounded-2xl border border-line bg-gradient-to-br ${ROOM_COLOR[room]} to-panel p-6 transition hover:border-gold`}
          >
            <span className="text-xl font-bold">{t(`pages.${ROOM_KEY[room]}.title`)}</span>
            <span className="mt-2 block text-sm text-muted">
              {t('empty.roomBet')}: {getBetLimits(DEFAULT_CURRENCY, ROOM_BET_GAME[room]).min}{' '}
              {CURRENCY_SYMBOLS[DEFAULT_CURRENCY]}
            </span>
          </LocaleLink>
        </li>
      ))}
    </ul>
  );
}
