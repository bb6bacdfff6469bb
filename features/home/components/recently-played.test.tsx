import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import { apiPath } from '@/tests/mocks/handlers';
import { withMockServer } from '@/tests/mocks/server';
import { signInTestUser } from '@/tests/mocks/signed-in';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { RecentlyPlayedLoader } from './recently-played-loader';

const server = withMockServer();

const TEXT = {
  title: 'Recently played',
  seeAll: 'See all',
  seeAllLabel: 'See all: Recently played',
  names: { dice: 'Dice', 'room-red': 'Red room', sports: 'Betting' },
};
const at = '2026-03-01T12:00:00Z';

function recent(games: string[]) {
  const calls = { count: 0 };
  server.use(
    http.get(apiPath('/activity/recent'), () => {
      calls.count += 1;
      return HttpResponse.json({
        games: games.map((game) => ({
          game,
          category: game.startsWith('slots:') ? 'slots' : game === 'sports' ? 'sports' : 'originals',
          at,
        })),
      });
    }),
  );
  return calls;
}

afterEach(() => act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null })));

describe('the home page’s recently played row', () => {
  it('is not there for a guest, who never asks for it', async () => {
    const calls = recent(['dice']);
    const { container } = renderWithApp(<RecentlyPlayedLoader text={TEXT} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(container.querySelector('section, [data-recent-empty]')).toBeNull();
    expect(calls.count).toBe(0);
  });

  it('shows a signed-in player’s last games with their art, newest first', async () => {
    recent(['dice', 'slots:aurora-wilds', 'room-red', 'sports', 'unknown:thing']);
    signInTestUser();
    renderWithApp(<RecentlyPlayedLoader text={TEXT} />);
    const row = await screen.findByRole('region', { name: 'Recently played' });
    expect(within(row).getByRole('link', { name: 'See all: Recently played' })).toHaveAttribute(
      'href',
      '/en/profile/history',
    );
    const tiles = within(row).getAllByRole('listitem');
    expect(tiles.map((tile) => within(tile).getByRole('link').getAttribute('href'))).toEqual([
      '/en/games/dice',
      '/en/games/slots/aurora-wilds/play',
      '/en/games/rooms/red',
      '/en/betting',
    ]);
    for (const name of ['Dice', 'Aurora Wilds', 'Red room', 'Betting'])
      expect(within(row).getByRole('link', { name })).toBeInTheDocument();
    // Art on every tile: the house's own as its image, a catalogue game as its drawn name.
    expect(row.querySelectorAll('li img.game-art')).toHaveLength(3);
    expect(row.querySelectorAll('li .title-art')).toHaveLength(1);
  });

  it('is not there when the player has played nothing yet, or the call fails', async () => {
    const calls = recent([]);
    signInTestUser();
    const { container, unmount } = renderWithApp(<RecentlyPlayedLoader text={TEXT} />);
    await screen.findByText((_, element) => element?.hasAttribute('data-recent-empty') ?? false);
    expect(calls.count).toBe(1);
    expect(container.querySelector('section')).toBeNull();
    unmount();
    server.use(
      http.get(apiPath('/activity/recent'), () => HttpResponse.json({ message: 'x' }, { status: 500 })),
    );
    const failed = renderWithApp(<RecentlyPlayedLoader text={TEXT} />);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(failed.container.querySelector('section')).toBeNull();
  });
});
