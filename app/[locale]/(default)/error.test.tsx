import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';
import RouteError from './error';

const replace = vi.hoisted(() => vi.fn());
vi.mock('@/lib/i18n/navigation', () => ({
  useRouter: () => ({ replace }),
  Link: ({ href, children }: { href: string; children: React.ReactNode }) => <a href={href}>{children}</a>,
}));

describe('the route error boundary', () => {
  it('shows the error screen and navigates to /error', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <NextIntlClientProvider locale="en" messages={messages}>
        <RouteError error={new Error('boom')} reset={() => {}} />
      </NextIntlClientProvider>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
    expect(replace).toHaveBeenCalledWith('/error');
  });
});
