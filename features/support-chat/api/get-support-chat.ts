import { api } from '@/lib/api/client';
import { supportChatReply } from '@/lib/contracts/support';

/** `GET /support/chat`: the chat variant of the visitor's region and the player's chat user data. */
export const getSupportChat = () =>
  api.get('/support/chat').then((response) => supportChatReply.parse(response.data));
