import { render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onAnalyticsEvent, type AnalyticsEvent } from '@/lib/analytics';
import { PageViewTracker } from './page-view-tracker';

const nav = vi.hoisted(() => ({ pathname: '/ru', search: '' }));
vi.mock('next/navigation', () => ({
  usePathname: () => nav.pathname,
  useSearchParams: () => new URLSearchParams(nav.search),
}));

describe('PageViewTracker', () => {
  let events: AnalyticsEvent[];
  let stop: () => void;
  beforeEach(() => {
    events = [];
    stop = onAnalyticsEvent((event) => events.push(event));
  });
  afterEach(() => stop());

  it('reports a page view with the full path on every route change', () => {
    nav.pathname = '/ru/games/dice';
    nav.search = 'utm_source=x';
    const { rerender } = render(<PageViewTracker />);
    nav.pathname = '/ru/faq';
    nav.search = '';
    rerender(<PageViewTracker />);
    rerender(<PageViewTracker />); // no change, no second report
    const views = events.filter((e) => e.event === '$pageview').map((e) => e.properties.path);
    expect(views).toEqual(['/ru/games/dice?utm_source=x', '/ru/faq']);
  });

  it('never reports the simple-auth token', () => {
    nav.pathname = '/ru/bonuses';
    nav.search = 'simple_auth=1&simpleAuthToken=secret&stag=7';
    render(<PageViewTracker />);
    const views = events.filter((e) => e.event === '$pageview').map((e) => e.properties.path);
    expect(views).toEqual(['/ru/bonuses?simple_auth=1&stag=7']);
  });
});
