import { describe, expect, it } from 'vitest';
import { useLocaleStore } from './locale-store';
import { useSettingsStore } from './settings-store';

describe('settings store', () => {
  it('starts with revshareUrl and tgChannelUrl null and takes them from the mirror data', () => {
    expect(useSettingsStore.getInitialState()).toMatchObject({ revshareUrl: null, tgChannelUrl: null });

    useSettingsStore.getState().setSettings({ tgChannelUrl: 'https://t.me/casino' });

    expect(useSettingsStore.getState()).toMatchObject({
      revshareUrl: null,
      tgChannelUrl: 'https://t.me/casino',
    });
  });
});

describe('locale store', () => {
  it('starts with locale ru and no region', () => {
    expect(useLocaleStore.getInitialState()).toMatchObject({ locale: 'ru', region: null });
    useLocaleStore.getState().setRegion('KZ');
    useLocaleStore.getState().setLocale('en');
    expect(useLocaleStore.getState()).toMatchObject({ locale: 'en', region: 'KZ' });
  });
});
