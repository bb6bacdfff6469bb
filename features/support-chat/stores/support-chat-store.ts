import { create } from 'zustand';
import type { SupportChatUser } from '@/lib/contracts/support';
import type { Region } from '@/lib/constants/regions';

/**
 * The support chat's state. `off`: the operator configured no chat; `failed`: the provider's script or
 * its start failed (logged). In both the button offers the FAQ. `user` is the chat user data the spec
 * keeps (section 3): app_id, email, user_id and user_hash, null for a guest.
 */
export type SupportChatStatus = 'idle' | 'loading' | 'ready' | 'failed' | 'off';

export interface SupportChatState {
  status: SupportChatStatus;
  /** `KZ`: the Kazakhstan variant; `RU`: the default chat; null until known or without a chat. */
  variant: Region | null;
  user: SupportChatUser | null;
  buttonImageUrl: string | null;
  /** The messenger is open (its shown and closed events, spec section 4). */
  open: boolean;
}

export const useSupportChatStore = create<SupportChatState>()(() => ({
  status: 'idle',
  variant: null,
  user: null,
  buttonImageUrl: null,
  open: false,
}));

/** Dispatched on `window` when the messenger is shown or closed, with `{ open, variant }`. */
export const SUPPORT_CHAT_DOM_EVENT = 'app:support-chat';

function announce(open: boolean) {
  useSupportChatStore.setState({ open });
  window.dispatchEvent(
    new CustomEvent(SUPPORT_CHAT_DOM_EVENT, {
      detail: { open, variant: useSupportChatStore.getState().variant },
    }),
  );
}

/** The messenger's shown and closed events. Stable functions: the provider keeps them across boots. */
export const supportChatEvents = {
  onShow: () => announce(true),
  onHide: () => announce(false),
};
