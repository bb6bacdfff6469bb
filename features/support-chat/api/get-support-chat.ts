import { api } from '@/lib/api/client';
import { supportChatReply } from '@/lib/api/first-screen-checks';

/** Query keys of the support chat: one answer per region and player (a guest is `'guest'`). */
export const supportChatKeys = {
  all: ['support-chat'] as const,
  chat: (region: string | null | undefined, player: number | string | null) =>
    [...supportChatKeys.all, region, player] as const,
};

/** `GET /support/chat`: the chat variant of the visitor's region and the player's chat user data. */
export const getSupportChat = () =>
  api.get('/support/chat').then((response) => supportChatReply(response.data));
