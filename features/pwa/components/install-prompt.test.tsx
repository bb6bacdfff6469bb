import { act, fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it } from 'vitest';
import messages from '@/messages/en.json';
import { useModalStore } from '@/lib/stores/modal-store';
import { InstallPrompt } from './install-prompt';

function fakePrompt() {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  let prompted = 0;
  Object.assign(event, {
    prompt: async () => {
      prompted++;
    },
    userChoice: Promise.resolve({ outcome: 'accepted' }),
  });
  return { event, prompted: () => prompted };
}

const renderPrompt = () =>
  render(
    <NextIntlClientProvider locale="en" messages={messages}>
      <InstallPrompt />
    </NextIntlClientProvider>,
  );

describe('InstallPrompt', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    useModalStore.getState().closeAll();
  });

  it('is offered on the second visit and, dismissed for good, never again', () => {
    localStorage.setItem('visits', '1');
    renderPrompt();
    act(() => {
      window.dispatchEvent(fakePrompt().event);
    });
    expect(screen.getByRole('region', { name: 'Install Aurum' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Don’t show again' }));
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    expect(localStorage.getItem('installPromptHidden')).toBe('true');
  });

  it('is not offered on the first visit, nor while a dialog is open', () => {
    renderPrompt();
    act(() => {
      window.dispatchEvent(fakePrompt().event);
    });
    expect(screen.queryByTestId('install-prompt')).toBeNull();
  });

  it('takes the event the inline script kept and calls prompt() on accept', async () => {
    localStorage.setItem('visits', '3');
    const { event, prompted } = fakePrompt();
    (window as unknown as Record<string, unknown>).__installPrompt = event;
    act(() => useModalStore.getState().open('login'));
    renderPrompt();
    expect(screen.queryByTestId('install-prompt')).toBeNull();
    act(() => useModalStore.getState().closeAll());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Install' }));
    });
    expect(prompted()).toBe(1);
  });
});
