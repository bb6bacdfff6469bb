import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import { cloneElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';
import { withMockServer } from '@/tests/mocks/server';
import { hockeyGame } from '@/tests/mocks/sports-fixtures';
import { sportsApi } from '@/tests/mocks/sports-handlers';
import { testQueryClient } from '@/tests/utils/render-with-app';

// The page's server-only helpers, as the request would give them.
vi.mock('next-intl/server', () => ({
  setRequestLocale: () => {},
  getLocale: async () => 'en',
  getMessages: async () => messages,
  getTranslations: async (options: string | { namespace: string }) =>
    createTranslator({
      locale: 'en',
      messages,
      namespace: (typeof options === 'string' ? options : options.namespace) as never,
    }),
}));
vi.mock('@/lib/realtime/use-topic', () => ({ useRealtimeTopic: () => 'open' }));

const { default: Page, generateMetadata } = await import('./page');

const server = withMockServer();
const props = (id: string) => ({ params: Promise.resolve({ locale: 'en', id }) });

/** What notFound() throws: Next.js answers it with the 404 page. */
const notFoundError = expect.objectContaining({ digest: expect.stringContaining('404') });

beforeEach(() => server.use(...sportsApi().handlers));

describe('/betting/event/{id}', () => {
  it('is a 404 when the API does not know the event, or the id is not one', async () => {
    await expect(Page(props('gone'))).rejects.toEqual(notFoundError);
    await expect(Page(props('..%2Fadmin'))).rejects.toEqual(notFoundError);
  });

  it('renders the event with its teams as the title and a link back to the list', async () => {
    const page = await Page(props('e4'));
    // Server parts resolved by hand: the page's tree holds async server components (LocaleLink, ScopedMessages).
    expect(page.props.title).toBe('Barys – Avangard');
    expect(page.props.path).toBe('/betting/event/e4');
    const back = await page.props.actions.type(page.props.actions.props);
    expect(back.props.href).toBe('/en/betting');
    const body = page.props.children.type(page.props.children.props); // SportEventPage
    const scoped = await body.type(body.props); // ScopedMessages: the provider with the `sports` messages
    // On the server next-intl's provider finds the request's locale by itself; here it is told.
    render(
      <QueryClientProvider client={testQueryClient()}>
        {cloneElement(scoped, { locale: 'en', timeZone: 'UTC' })}
      </QueryClientProvider>,
    );
    // Rendered in the browser, the view is a deferred island: it comes after a frame.
    expect(await screen.findByTestId('event-score', {}, { timeout: 3_000 })).toHaveTextContent('2 : 1');
  });

  it('names the event in the page’s metadata', async () => {
    expect(await generateMetadata(props('e4'))).toEqual({
      title: 'Barys – Avangard',
      description: 'Odds on Barys – Avangard (KHL): every market, pre-match and live.',
    });
    expect(hockeyGame.league.name).toBe('KHL');
  });
});
