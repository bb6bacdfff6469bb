import type { FairGame } from '@/lib/contracts/games';

/**
 * The messages a game's page hands to its client components (the root layout sends only its own list
 * to the browser; see components/i18n/scoped-messages.tsx): the shared game texts, the game's own and
 * the error texts. The fairness panel's texts (all games') come with its code when it first opens
 * (features/games/fair/lazy-fairness-panel.tsx).
 */
export const gameNamespaces = (game: FairGame) => ['games.shared', `games.${game}`, 'error'] as const;
