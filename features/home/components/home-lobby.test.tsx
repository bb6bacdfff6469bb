import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { apiPath } from '@/tests/mocks/handlers';
import { casinoGame } from '@/tests/mocks/casino-fixtures';
import { withMockServer } from '@/tests/mocks/server';
import { upcomingGame } from '@/tests/mocks/sports-fixtures';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { homeBanners } from '../api/get-banners';
import { HomeBanners, HomeRows } from './home-lobby';

const push = vi.fn();
vi.mock('next/navigation', async (importOriginal) => ({
  ...(await importOriginal<typeof import('next/navigation')>()),
  useRouter: () => ({ push }),
}));

const server = withMockServer();

const slots = [
  casinoGame('aurora-wilds', 'Aurora Wilds'),
  casinoGame('no-art', 'Golden Nights', { thumbnail: null, provider: 'night-games' }),
];
const tables = [
  casinoGame('lightning-roulette', 'Lightning Roulette', { lobby: 'live', category: 'live-roulette' }),
];

function catalogue() {
  return http.get(apiPath('/casino/games'), ({ request }) => {
    const lobby = new URL(request.url).searchParams.get('lobby');
    const items = lobby === 'live' ? tables : slots;
    return HttpResponse.json({ items, total: items.length, page: 1, per_page: 12 });
  });
}
const events = () => http.get(apiPath('/sports/events'), () => HttpResponse.json({ items: [upcomingGame] }));
const down = (path: string) =>
  http.get(apiPath(path), () => HttpResponse.json({ message: 'down' }, { status: 503 }));

describe('the home lobby’s rows', () => {
  it('shows the in-house games, popular slots, live tables and next matches, each with its lobby', async () => {
    server.use(catalogue(), events());
    renderWithApp(await HomeRows());

    const own = screen.getByRole('region', { name: 'Our games' });
    for (const name of ['Crash', 'Dice', 'Miner', 'Cases', 'Red room', 'Yellow room', 'Purple room'])
      expect(within(own).getByRole('link', { name })).toBeInTheDocument();
    expect(within(own).getByRole('link', { name: 'Red room' })).toHaveAttribute(
      'href',
      '/en/games/rooms/red',
    );
    // Every in-house tile has its drawn art.
    expect(own.querySelectorAll('li')).toHaveLength(11);
    expect(own.querySelectorAll('li img.game-art')).toHaveLength(11);

    const popular = screen.getByRole('region', { name: 'Popular slots' });
    expect(within(popular).getByRole('link', { name: 'See all: Popular slots' })).toHaveAttribute(
      'href',
      '/en/games/slots',
    );
    const aurora = within(popular).getByRole('link', { name: /Aurora Wilds/ });
    expect(aurora).toHaveAttribute('href', '/en/games/slots/aurora-wilds/play');
    expect(aurora.querySelector('img')).toHaveAttribute('loading', 'lazy');
    // A game without a picture gets one drawn from its name: never an empty box.
    const golden = within(popular).getByRole('link', { name: /Golden Nights/ });
    expect(golden.querySelector('.title-art')).toHaveTextContent('Golden Nights');

    const live = screen.getByRole('region', { name: 'Live tables' });
    expect(within(live).getByRole('link', { name: /Lightning Roulette/ })).toHaveAttribute(
      'href',
      '/en/games/live-casino/lightning-roulette/play',
    );

    const sports = screen.getByRole('region', { name: 'Upcoming matches' });
    const match = within(sports).getByRole('link', { name: /Lakers/ });
    expect(match).toHaveAttribute('href', `/en/betting/event/${upcomingGame.id}`);
    expect(match).toHaveTextContent('Celtics');
    expect(within(sports).getByRole('link', { name: 'See all: Upcoming matches' })).toHaveAttribute(
      'href',
      '/en/betting',
    );

    // A plain click goes through the router (one listener, no Link per tile); a modified one is the browser's.
    fireEvent.click(within(own).getByRole('link', { name: 'Dice' }));
    expect(push).toHaveBeenCalledWith('/en/games/dice');
    push.mockClear();
    fireEvent.click(within(own).getByRole('link', { name: 'Crash' }), { ctrlKey: true });
    expect(push).not.toHaveBeenCalled();

    const lobbies = screen.getByRole('region', { name: 'Where to play' });
    for (const name of ['Slots', 'Live casino', 'Betting', 'Tournaments', 'VIP club', 'Top'])
      expect(within(lobbies).getByRole('link', { name })).toBeInTheDocument();
  });

  it('leaves out a row whose call fails or answers wrong, and keeps the rest of the page', async () => {
    server.use(
      down('/casino/games'),
      http.get(apiPath('/sports/events'), () => HttpResponse.json({ items: [{ id: 1 }] })),
    );
    renderWithApp(await HomeRows());
    expect(screen.getByRole('region', { name: 'Our games' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Where to play' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Popular slots' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Live tables' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Upcoming matches' })).not.toBeInTheDocument();
  });

  it('leaves out an empty catalogue and a network failure alike', async () => {
    server.use(
      http.get(apiPath('/casino/games'), () =>
        HttpResponse.json({ items: [], total: 0, page: 1, per_page: 12 }),
      ),
      http.get(apiPath('/sports/events'), () => HttpResponse.error()),
    );
    renderWithApp(await HomeRows());
    expect(screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby'))).toEqual([
      'home-originals',
      'home-sections',
    ]);
  });
});

describe('the home lobby’s banners', () => {
  it('render nothing while the banners’ endpoint is missing or down', async () => {
    server.use(
      http.get(apiPath('/promotions/banners'), () =>
        HttpResponse.json({ message: 'Not Found' }, { status: 404 }),
      ),
    );
    const { container } = renderWithApp(await HomeBanners());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(container.querySelector('.banner-carousel')).toBeNull();
    server.use(http.get(apiPath('/promotions/banners'), () => HttpResponse.error()));
    expect(await homeBanners()).toEqual([]);
  });

  it('keep only banners that lead inside the app', async () => {
    const text = { ru: 't', en: 't', kz: 't' };
    const base = { text, theme: 'emerald', ends_at: null, starts_at: null } as const;
    server.use(
      http.get(apiPath('/promotions/banners'), () =>
        HttpResponse.json({
          banners: [
            { ...base, id: 'a', title: { ru: 'А', en: 'Welcome', kz: 'А' }, href: '/welcome-pack' },
            { ...base, id: 'b', title: text, href: '//evil.example' },
            { ...base, id: 'c', title: text, href: 'https://evil.example' },
          ],
        }),
      ),
    );
    expect((await homeBanners()).map((banner) => banner.id)).toEqual(['a']);
    renderWithApp(await HomeBanners());
    expect(screen.getByRole('region', { name: 'Promotions and tournaments' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Welcome' })).toHaveAttribute('href', '/en/welcome-pack');
  });
});
