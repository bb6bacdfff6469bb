import { act, render } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useModalStore } from '@/lib/stores/modal-store';
import { useSessionStore } from '@/lib/stores/session-store';
import { QueryFlagDialogs } from './query-flag-dialogs';

const nav = vi.hoisted(() => ({ search: '', replace: vi.fn() }));
vi.mock('next/navigation', () => ({ useSearchParams: () => new URLSearchParams(nav.search) }));
vi.mock('@/lib/i18n/navigation', () => ({
  usePathname: () => '/games/dice',
  useRouter: () => ({ replace: nav.replace }),
}));

describe('QueryFlagDialogs', () => {
  beforeEach(() => {
    nav.replace.mockReset();
    act(() => useModalStore.getState().closeAll());
  });

  it('opens the dialog a flag names and removes the flag without scrolling', () => {
    nav.search = 'deposit=1&stag=7';
    render(<QueryFlagDialogs />);
    expect(useModalStore.getState().openModals).toEqual(['PayIn']);
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?stag=7', { scroll: false });
  });

  it('opens every flagged dialog, the last one on top', () => {
    nav.search = 'signup&login=1';
    render(<QueryFlagDialogs />);
    expect(useModalStore.getState().openModals).toEqual(['signup', 'login']);
    expect(nav.replace).toHaveBeenCalledWith('/games/dice', { scroll: false });
  });

  it('opens no log-in or sign-up dialog for a logged-in user, but still removes the flags', () => {
    act(() => useSessionStore.getState().setToken('t'));
    nav.search = 'login=1&signup=1&deposit=1';
    render(<QueryFlagDialogs />);
    expect(useModalStore.getState().openModals).toEqual(['PayIn']);
    expect(nav.replace).toHaveBeenCalledWith('/games/dice', { scroll: false });
    act(() => useSessionStore.getState().clearSession());
  });

  it('leaves the address alone when there is no flag', () => {
    nav.search = 'stag=7';
    render(<QueryFlagDialogs />);
    expect(useModalStore.getState().openModals).toEqual([]);
    expect(nav.replace).not.toHaveBeenCalled();
  });

  it('does not bring the simple-auth token back into the address', () => {
    nav.search = 'login=1&simpleAuthToken=secret&stag=7';
    render(<QueryFlagDialogs />);
    expect(nav.replace).toHaveBeenCalledWith('/games/dice?stag=7', { scroll: false });
  });
});
