import { z } from 'zod';
import { REGIONS } from '@/lib/constants/regions';

/**
 * The support-chat contract (spec sections 3, 4, 7 and 9; issue 6). The chat is a third-party messenger
 * (Intercom-compatible: a widget script per app id, `boot` / `show` / `update` / `shutdown`, identity
 * verification by `user_hash`). `GET /support/chat` tells the web app which variant serves the visitor:
 * the region comes from the `Region` header (else the geo header), and the KZ region gets the
 * Kazakhstan variant (its own app id and identity secret). For a signed-in player it also answers the
 * chat user data the spec keeps: app_id, email, user_id and user_hash.
 *
 * `variant` and `app_id` are null when the operator configured no chat: the web app then offers the FAQ.
 */

export const supportChatUser = z.object({
  app_id: z.string(),
  email: z.string().nullable(),
  user_id: z.string(),
  /** HMAC-SHA256 (hex) of user_id with the variant's identity secret; null when it has none. */
  user_hash: z.string().nullable(),
});
export type SupportChatUser = z.infer<typeof supportChatUser>;

export const supportChatReply = z.object({
  /** The region the answer is for. */
  region: z.enum(REGIONS),
  /** Which chat serves it: `KZ` is the Kazakhstan variant, `RU` the default one. */
  variant: z.enum(REGIONS).nullable(),
  app_id: z.string().nullable(),
  /** The provider's widget script for this app id. */
  script_url: z.string().nullable(),
  /** The launcher image from the provider, when configured. */
  button_image_url: z.string().nullable(),
  user: supportChatUser.nullable(),
});
export type SupportChatReply = z.infer<typeof supportChatReply>;
