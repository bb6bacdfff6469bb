import { ROUTES } from '../routes';

/**
 * The routes without parameters that search engines may index: the screens of spec section 2 and the
 * policy pages, without the player's own pages (/profile and its children), the error and no-access
 * screens and the password-reset start (reset-password and the play pages have parameters anyway).
 */
const NOT_INDEXED: readonly string[] = [
  ROUTES.error,
  ROUTES.noAccess,
  ROUTES.passwordReset,
  ROUTES.profile,
  ROUTES.profileAccess,
  ROUTES.profileBonuses,
  ROUTES.profileHistory,
  ROUTES.profileSetting,
];

export const PUBLIC_ROUTES: readonly string[] = Object.values(ROUTES).filter(
  (path) => !NOT_INDEXED.includes(path),
);
