import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MODAL, useModalStore } from '@/lib/stores/modal-store';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { ModalHost } from './modal-host';

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./modal-dialogs', () => {
  loaded.count += 1;
  return {
    ModalDialogs: () => <p data-testid="modal-dialogs">{useModalStore.getState().openModals.join(',')}</p>,
  };
});

describe('ModalHost', () => {
  it('loads the dialogs (forms, schemas, texts) only when the first one opens', async () => {
    renderWithApp(<ModalHost />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded.count).toBe(0);

    act(() => useModalStore.getState().open(MODAL.login));
    expect(await screen.findByTestId('modal-dialogs')).toHaveTextContent('login');
    expect(loaded.count).toBe(1);
  });
});
