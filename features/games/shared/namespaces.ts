/**
 * The message namespaces the game pages hand to their client components (the root layout sends only
 * its own list to the browser; see components/i18n/scoped-messages.tsx).
 */
export const GAME_NAMESPACES = ['games', 'error'] as const;
