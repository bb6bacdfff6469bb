import { describe, expect, it } from 'vitest';
import { INSTALL_PROMPT_HIDDEN_STORAGE_KEY } from '@/lib/constants/storage';
import {
  countVisit,
  hideInstallPromptForever,
  isInstallPromptHidden,
  isIosSafari,
  shouldOfferInstall,
} from './install-prompt';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
  };
}

describe('the install prompt', () => {
  it('once dismissed permanently stays hidden (the flag in local storage)', () => {
    const local = memoryStorage();
    expect(isInstallPromptHidden(local)).toBe(false);
    hideInstallPromptForever(local);
    expect(local.getItem(INSTALL_PROMPT_HIDDEN_STORAGE_KEY)).toBe('true');
    expect(isInstallPromptHidden(local)).toBe(true);
    expect(shouldOfferInstall({ hidden: true, visits: 5, deposited: true })).toBe(false);
  });

  it('is offered from the second visit or after a deposit', () => {
    expect(shouldOfferInstall({ hidden: false, visits: 1, deposited: false })).toBe(false);
    expect(shouldOfferInstall({ hidden: false, visits: 2, deposited: false })).toBe(true);
    expect(shouldOfferInstall({ hidden: false, visits: 1, deposited: true })).toBe(true);
  });

  it('counts a visit once per browser session', () => {
    const local = memoryStorage();
    expect(countVisit(local, memoryStorage())).toBe(1);
    const session = memoryStorage();
    expect(countVisit(local, session)).toBe(2);
    expect(countVisit(local, session)).toBe(2);
  });

  it('gives iOS Safari the add-to-home-screen hint, not other iOS browsers or an installed app', () => {
    const safari =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    expect(isIosSafari(safari, false)).toBe(true);
    expect(isIosSafari(safari, true)).toBe(false);
    expect(isIosSafari(safari.replace('Version/17.0', 'CriOS/120.0'), false)).toBe(false);
    expect(isIosSafari('Mozilla/5.0 (Linux; Android 14) Chrome/120 Mobile Safari/537.36', false)).toBe(false);
  });
});
