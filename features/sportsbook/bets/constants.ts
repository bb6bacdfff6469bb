/** How often the open bets are read again while they are on screen (their cash-out values move). */
export const SPORT_BETS_REFRESH_MS = 10_000;
