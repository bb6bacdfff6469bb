import { act, renderHook } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { logIn, logOut } from './testing/game-fixtures';
import { useRequireAccount } from './use-require-account';

describe('useRequireAccount', () => {
  beforeEach(() => {
    act(() => useModalStore.getState().closeAll());
    logOut();
  });

  it('asks a guest to sign up and refuses', () => {
    const { result } = renderHook(() => useRequireAccount());
    let allowed = true;
    act(() => {
      allowed = result.current();
    });
    expect(allowed).toBe(false);
    expect(useModalStore.getState().openModals).toEqual([MODAL.signup]);
  });

  it('lets a logged-in player through without opening anything', () => {
    logIn();
    const { result } = renderHook(() => useRequireAccount());
    expect(result.current()).toBe(true);
    expect(useModalStore.getState().openModals).toEqual([]);
  });
});
