import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';
import { useModalStore } from '@/lib/stores/modal-store';
import { QueryFlagDialogs } from './query-flag-dialogs';

const nav = vi.hoisted(() => ({ search: '', replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams(nav.search) }));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/games/dice',
  useRouter: () => ({ replace: nav.replace }),
}));

const renderDialogs = () =>
  render(
    <NextIntlClientProvider locale="en" messages={messages}>
      <QueryFlagDialogs />
    </NextIntlClientProvider>,
  );

describe('QueryFlagDialogs', () => {
  beforeEach(() => {
    nav.replace.mockReset();
    act(() => useModalStore.getState().closeAll());
  });

  it('opens the dialog a flag names and removes the flag without scrolling', () => {
    nav.search = 'deposit=1&stag=7';
    renderDialogs();
    expect(screen.getByRole('dialog', { name: 'Deposit' })).toBeInTheDocument();
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?stag=7', { scroll: false });
  });

  it('leaves the address alone when there is no flag', () => {
    nav.search = 'stag=7';
    renderDialogs();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(nav.replace).not.toHaveBeenCalled();
  });
});
