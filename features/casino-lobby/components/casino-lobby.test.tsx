import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CasinoGame } from '@/lib/contracts/casino';
import { useSessionStore } from '@/lib/stores/session-store';
import { testUser } from '@/tests/mocks/fixtures';
import { apiPath } from '@/tests/mocks/handlers';
import { casinoGame } from '@/tests/mocks/casino-fixtures';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { CasinoLobby } from './casino-lobby';

const server = withMockServer();

const CATALOGUE = [
  casinoGame('aurora-wilds', 'Aurora Wilds', { tags: ['new'] }),
  casinoGame('fruit-sevens', 'Fruit Sevens', { category: 'classic-slots', rtp: 96.01 }),
  casinoGame('jade-ways', 'Jade Ways', { category: 'ways', demo: false }),
  ...Array.from({ length: 27 }, (_, index) => casinoGame(`filler-${index + 1}`, `Filler ${index + 1}`)),
];

/** The catalogue as the API answers it: search, category and paging honoured; every query recorded. */
function catalogue(games: CasinoGame[] = CATALOGUE) {
  const queries: URLSearchParams[] = [];
  return {
    queries,
    handlers: [
      http.get(apiPath('/casino/games'), ({ request }) => {
        const params = new URL(request.url).searchParams;
        queries.push(params);
        const search = (params.get('search') ?? '').toLowerCase();
        const category = params.get('category');
        const matching = games.filter(
          (item) =>
            item.name.toLowerCase().includes(search) && (category === null || item.category === category),
        );
        const page = Number(params.get('page'));
        const perPage = Number(params.get('per_page'));
        return HttpResponse.json({
          items: matching.slice((page - 1) * perPage, page * perPage),
          total: matching.length,
          page,
          per_page: perPage,
        });
      }),
      http.get(apiPath('/casino/filters'), () =>
        HttpResponse.json({
          providers: [{ code: 'aurum-studio', name: 'Aurum Studio', count: games.length }],
          categories: [
            { code: 'classic-slots', name: 'classic-slots', count: 1 },
            { code: 'video-slots', name: 'video-slots', count: 28 },
          ],
        }),
      ),
    ],
  };
}

beforeEach(() => {
  window.history.replaceState(null, '', '/en/games/slots');
});
afterEach(() => {
  act(() => useSessionStore.setState({ token: null, isLoggedIn: false, user: null }));
});

describe('the slots lobby', () => {
  it('shows a skeleton, then the first page of games with art, provider, RTP, play and demo', async () => {
    server.use(...catalogue().handlers);
    renderWithApp(<CasinoLobby lobby="slots" />);
    expect(screen.getAllByTestId('game-tile-skeleton').length).toBeGreaterThan(0);
    const tiles = await screen.findAllByTestId('game-tile');
    expect(tiles).toHaveLength(24);
    expect(screen.getByTestId('lobby-count')).toHaveTextContent('30 games');
    const aurora = tiles[0];
    expect(within(aurora).getByRole('heading', { name: 'Aurora Wilds' })).toBeInTheDocument();
    expect(aurora).toHaveTextContent('Aurum Studio · RTP 96.38 %');
    expect(aurora).toHaveTextContent('New');
    expect(aurora.querySelector('img')).toHaveAttribute('src', 'http://localhost:4100/art/aurora-wilds.svg');
    expect(within(aurora).getByRole('link', { name: 'Play Aurora Wilds for money' })).toHaveAttribute(
      'href',
      '/en/games/slots/aurora-wilds/play',
    );
    expect(within(aurora).getByRole('link', { name: 'Play Aurora Wilds in demo' })).toHaveAttribute(
      'href',
      '/en/games/slots/aurora-wilds/demo',
    );
    // No demo: no demo link. A guest has no favourites.
    expect(within(tiles[2]).queryByRole('link', { name: /in demo/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('favourite-button')).not.toBeInTheDocument();
    expect(screen.queryByTestId('lobby-tab-favourites')).not.toBeInTheDocument();
  });

  it('loads the next page with "Show more" and stops at the end', async () => {
    server.use(...catalogue().handlers);
    renderWithApp(<CasinoLobby lobby="slots" />);
    await screen.findAllByTestId('game-tile');
    await userEvent.click(screen.getByTestId('lobby-more'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(30));
    expect(screen.queryByTestId('lobby-more')).not.toBeInTheDocument();
  });

  it('searches after a pause, keeps the view in the address, and offers to clear a search that finds nothing', async () => {
    const api = catalogue();
    server.use(...api.handlers);
    renderWithApp(<CasinoLobby lobby="slots" />);
    await screen.findAllByTestId('game-tile');
    const user = userEvent.setup();
    await user.type(screen.getByTestId('lobby-search'), 'fruit');
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(1));
    expect(window.location.search).toBe('?q=fruit');
    expect(api.queries.at(-1)?.get('search')).toBe('fruit');
    // One request for the whole word, not one per letter.
    expect(api.queries.filter((query) => query.has('search'))).toHaveLength(1);

    await user.clear(screen.getByTestId('lobby-search'));
    await user.type(screen.getByTestId('lobby-search'), 'zzz');
    expect(await screen.findByText('No games match your search.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(24));
    expect(window.location.search).toBe('');
    expect(screen.getByTestId('lobby-search')).toHaveValue('');
  });

  it('filters by category and sorts, sending both to the API', async () => {
    const api = catalogue();
    server.use(...api.handlers);
    renderWithApp(<CasinoLobby lobby="slots" />);
    await screen.findAllByTestId('game-tile');
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Classic slots (1)' });
    await user.selectOptions(screen.getByTestId('lobby-category'), 'classic-slots');
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(1));
    await user.selectOptions(screen.getByTestId('lobby-sort'), 'name');
    await waitFor(() => expect(api.queries.at(-1)?.get('sort')).toBe('name'));
    expect(api.queries.at(-1)?.get('category')).toBe('classic-slots');
    expect(window.location.search).toBe('?category=classic-slots&sort=name');
  });

  it('starts from the view the address asks for', async () => {
    window.history.replaceState(null, '', '/en/games/slots?q=jade&sort=new');
    const api = catalogue();
    server.use(...api.handlers);
    renderWithApp(<CasinoLobby lobby="slots" />);
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(1);
    expect(api.queries[0].get('search')).toBe('jade');
    expect(api.queries[0].get('sort')).toBe('new');
    expect(screen.getByTestId('lobby-search')).toHaveValue('jade');
  });

  it('says when the games cannot be loaded, and loads them on retry', async () => {
    let fail = true;
    const api = catalogue();
    server.use(
      http.get(apiPath('/casino/games'), () =>
        fail ? HttpResponse.json({ message: 'boom' }, { status: 500 }) : undefined,
      ),
      ...api.handlers,
    );
    renderWithApp(<CasinoLobby lobby="slots" />);
    const error = await screen.findByTestId('lobby-error');
    expect(error).toHaveTextContent('The games could not be loaded.');
    fail = false;
    await userEvent.click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByTestId('game-tile')).toHaveLength(24);
  });

  it('shows the server’s first page at once, then the browser’s own list', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const api = catalogue();
    server.use(
      http.get(apiPath('/casino/games'), async () => {
        await answered;
        return undefined;
      }),
      ...api.handlers,
    );
    const firstPage = { items: CATALOGUE.slice(0, 2), total: 2, page: 1, per_page: 24 };
    renderWithApp(<CasinoLobby lobby="slots" firstPage={firstPage} />);
    // No skeleton: the two games the server rendered, while the browser's request is on its way.
    expect(screen.queryByTestId('game-tile-skeleton')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('game-tile')).toHaveLength(2);
    answer();
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(24));
    expect(screen.getByTestId('lobby-count')).toHaveTextContent('30 games');
  });

  it('says so when the provider has sent no games', async () => {
    server.use(...catalogue([]).handlers);
    renderWithApp(<CasinoLobby lobby="slots" />);
    expect(await screen.findByText('There are no games in this lobby yet.')).toBeInTheDocument();
  });
});

describe('the lobby of a signed-in player', () => {
  beforeEach(() => {
    act(() => useSessionStore.setState({ token: 't', isLoggedIn: true, user: testUser }));
  });

  it('toggles a favourite (the heart is pressed at once) and lists favourites and recently played', async () => {
    const favourites = new Set<string>();
    const puts: string[] = [];
    const games = CATALOGUE.slice(0, 3);
    const withFavourites = () => games.map((item) => ({ ...item, favourite: favourites.has(item.code) }));
    server.use(
      http.get(apiPath('/casino/games'), () =>
        HttpResponse.json({ items: withFavourites(), total: 3, page: 1, per_page: 24 }),
      ),
      ...catalogue(games).handlers.slice(1),
      http.put(apiPath('/casino/favourites/:code'), ({ params }) => {
        puts.push(String(params.code));
        favourites.add(String(params.code));
        return HttpResponse.json({ code: params.code, favourite: true });
      }),
      http.get(apiPath('/casino/favourites'), () =>
        HttpResponse.json({ items: withFavourites().filter((item) => item.favourite) }),
      ),
      http.get(apiPath('/casino/recent'), () => HttpResponse.json({ items: [] })),
    );
    renderWithApp(<CasinoLobby lobby="slots" />);
    const user = userEvent.setup();
    const heart = await screen.findByRole('button', { name: 'Add Fruit Sevens to favourites' });
    expect(heart).toHaveAttribute('aria-pressed', 'false');
    await user.click(heart);
    expect(
      await screen.findByRole('button', { name: 'Remove Fruit Sevens from favourites' }),
    ).toHaveAttribute('aria-pressed', 'true');
    expect(puts).toEqual(['fruit-sevens']);

    await user.click(screen.getByTestId('lobby-tab-favourites'));
    await waitFor(() => expect(screen.getAllByTestId('game-tile')).toHaveLength(1));
    expect(screen.getByTestId('game-tile')).toHaveAttribute('data-game', 'fruit-sevens');
    expect(window.location.search).toBe('?tab=favourites');

    await user.click(screen.getByTestId('lobby-tab-recent'));
    expect(await screen.findByText('You have not played any game here yet.')).toBeInTheDocument();
  });
});

describe('the live casino lobby', () => {
  it('shows each table’s round, players and last results from the provider', async () => {
    const roulette = casinoGame('studio-roulette', 'Studio Roulette', {
      lobby: 'live',
      category: 'live-roulette',
    });
    server.use(
      http.get(apiPath('/casino/games'), () =>
        HttpResponse.json({ items: [roulette], total: 1, page: 1, per_page: 24 }),
      ),
      ...catalogue([roulette]).handlers.slice(1),
      http.get(apiPath('/casino/tables'), () =>
        HttpResponse.json({
          available: true,
          items: [
            {
              game_code: 'studio-roulette',
              round_id: '41',
              phase: 'betting',
              ends_at: new Date(Date.now() + 9_500).toISOString(),
              players: 3,
              last_results: ['17', '0', '32'],
            },
          ],
        }),
      ),
    );
    renderWithApp(<CasinoLobby lobby="live" />);
    const state = await screen.findByTestId('live-table-state');
    expect(state).toHaveTextContent('Bets open · 10 s');
    expect(state).toHaveTextContent('3 players');
    expect(within(state).getByRole('list', { name: 'Last results' })).toHaveTextContent('17032');
    expect(screen.getByRole('link', { name: 'Play Studio Roulette for money' })).toHaveAttribute(
      'href',
      '/en/games/live-casino/studio-roulette/play',
    );
  });
});
