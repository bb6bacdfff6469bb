import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Banner } from '@/lib/contracts/promotions';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { runningTimers } from '../countdown-ticker';
import { BannerCarousel } from './banner-carousel';

const NOW = Date.parse('2026-03-01T12:00:00Z');

function banner(id: string, title: string, changes: Partial<Banner> = {}): Banner {
  return {
    id,
    title: { ru: `${title} ru`, en: title, kz: `${title} kz` },
    text: { ru: 'Текст', en: `${title} text`, kz: 'Мәтін' },
    href: `/${id}`,
    theme: 'gold',
    ends_at: null,
    starts_at: null,
    ...changes,
  };
}

const BANNERS = [
  banner('welcome-pack', 'Welcome pack'),
  banner('tournament/3', 'Spring race', {
    theme: 'violet',
    starts_at: '2026-02-28T12:00:00Z',
    ends_at: '2026-03-01T13:00:00Z',
  }),
  banner('tournament/4', 'Summer race', {
    theme: 'crimson',
    starts_at: '2026-03-03T14:30:05Z',
    ends_at: null,
  }),
];

afterEach(() => vi.useRealTimers());

describe('the home page’s banner carousel', () => {
  it('is a labelled carousel of labelled slides, with labelled buttons and no autoplay', async () => {
    vi.useFakeTimers({ now: NOW, toFake: ['Date'] });
    renderWithApp(<BannerCarousel banners={BANNERS} />);
    const carousel = screen.getByRole('region', { name: 'Promotions and tournaments' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    const slides = within(carousel).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 3', '2 of 3', '3 of 3']);
    expect(slides[0]).toHaveAttribute('aria-roledescription', 'slide');
    expect(slides[1]).toHaveClass('banner-violet');
    expect(within(slides[0]!).getByRole('link', { name: 'Welcome pack' })).toHaveAttribute(
      'href',
      '/en/welcome-pack',
    );
    expect(screen.getByRole('button', { name: 'Previous slide' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next slide' })).toBeInTheDocument();
    expect(screen.getByTestId('banner-position')).toHaveTextContent('1 / 3');
  });

  it('moves by its buttons and the arrow keys, and every slide’s link is reached with Tab', async () => {
    const user = userEvent.setup();
    renderWithApp(<BannerCarousel banners={BANNERS} />);
    const position = screen.getByTestId('banner-position');
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(position).toHaveTextContent('2 / 3');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(position).toHaveTextContent('3 / 3');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Summer race' }), { key: 'ArrowRight' });
    expect(position).toHaveTextContent('1 / 3');

    // Tab goes through the slides' links in order; the focused slide becomes the current one.
    (document.activeElement as HTMLElement).blur();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Welcome pack' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('link', { name: 'Spring race' })).toHaveFocus();
    expect(position).toHaveTextContent('2 / 3');
    await user.tab();
    expect(screen.getByRole('link', { name: 'Summer race' })).toHaveFocus();
    expect(position).toHaveTextContent('3 / 3');
  });

  it('counts a tournament down to its end once started, to its start before, with one timer', () => {
    vi.useFakeTimers({ now: NOW });
    renderWithApp(<BannerCarousel banners={BANNERS} />);
    const [running, upcoming] = screen.getAllByTestId('banner-countdown');
    expect(running).toHaveTextContent('Ends in 01:00:00');
    expect(upcoming).toHaveTextContent('Starts in 2 d 02:30:05');
    expect(runningTimers()).toBe(1);
    act(() => vi.advanceTimersByTime(1_000));
    expect(running).toHaveTextContent('Ends in 00:59:59');
    expect(upcoming).toHaveTextContent('Starts in 2 d 02:30:04');
    expect(screen.getAllByTestId('banner-countdown')).toHaveLength(2);
  });

  it('shows no controls for a single banner, and nothing without banners', () => {
    renderWithApp(<BannerCarousel banners={[BANNERS[0]!]} />);
    expect(screen.getByRole('link', { name: 'Welcome pack' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    cleanup();
    renderWithApp(<BannerCarousel banners={[]} />);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});
