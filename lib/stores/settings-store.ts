import { create } from 'zustand';

/** The settings store of spec section 3, filled from the mirror data (site configuration). */
export interface SettingsState {
  /** `revshare_service_frontend_url` of the mirror data. */
  revshareUrl: string | null;
  /** `telegram_channel_url` of the mirror data. */
  tgChannelUrl: string | null;
  setSettings: (settings: Partial<Pick<SettingsState, 'revshareUrl' | 'tgChannelUrl'>>) => void;
}

export const useSettingsStore = create<SettingsState>()((set) => ({
  revshareUrl: null,
  tgChannelUrl: null,
  setSettings: (settings) => set(settings),
}));
