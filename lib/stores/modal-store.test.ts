import { beforeEach, describe, expect, it } from 'vitest';
import { MODAL, selectIsAnyModalOpen, selectModalPayload, useModalStore } from './modal-store';

beforeEach(() => {
  useModalStore.getState().closeAll();
});

describe('modal store', () => {
  it('opens and closes named modals', () => {
    const modals = useModalStore.getState();
    expect(modals.isAnyOpen()).toBe(false);

    modals.open(MODAL.PayIn);
    expect(useModalStore.getState().isOpen('PayIn')).toBe(true);
    expect(useModalStore.getState().isAnyOpen()).toBe(true);

    useModalStore.getState().close('PayIn');
    expect(useModalStore.getState().isOpen('PayIn')).toBe(false);
    expect(selectIsAnyModalOpen(useModalStore.getState())).toBe(false);
  });

  it('keeps several modals in opening order and closes them all at once', () => {
    const { open } = useModalStore.getState();
    open(MODAL.login);
    open(MODAL.SuccessPayment);
    open(MODAL.login);
    expect(useModalStore.getState().openModals).toEqual(['SuccessPayment', 'login']);

    useModalStore.getState().closeAll();
    expect(useModalStore.getState().openModals).toEqual([]);
  });

  it('accepts modals added later and keeps data passed to open until close', () => {
    useModalStore.getState().open('vipJoin', { level: 2 });
    expect(selectModalPayload('vipJoin')(useModalStore.getState())).toEqual({ level: 2 });
    useModalStore.getState().close('vipJoin');
    expect(selectModalPayload('vipJoin')(useModalStore.getState())).toBeUndefined();
  });
});
