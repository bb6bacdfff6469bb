import { createHmac } from 'node:crypto';
import type { SupportChatReply } from '@/lib/contracts/support';
import type { SupportChatConfig } from '../../config';
import type { Region } from '../../lib/region';

/** Intercom's identity verification: HMAC-SHA256 of the user id with the app's secret, hex. */
export function userHash(secret: string, userId: string): string {
  return createHmac('sha256', secret).update(userId).digest('hex');
}

/**
 * The chat that serves a region (spec section 9: the KZ region gets a Kazakhstan chat variant), and the
 * player's chat user data when signed in. KZ without its own app falls back to the default chat.
 */
export function supportChatFor(
  config: SupportChatConfig,
  region: Region,
  user: { id: number; email: string | null } | null,
): SupportChatReply {
  const kz = region === 'KZ' ? config.kzApp : null;
  const app = kz ?? config.defaultApp;
  if (!app) {
    return { region, variant: null, app_id: null, script_url: null, button_image_url: null, user: null };
  }
  return {
    region,
    variant: kz ? 'KZ' : 'RU',
    app_id: app.appId,
    script_url: config.scriptUrl.replace('{app_id}', encodeURIComponent(app.appId)),
    button_image_url: config.buttonImageUrl,
    user: user
      ? {
          app_id: app.appId,
          email: user.email,
          user_id: String(user.id),
          user_hash: app.secret ? userHash(app.secret, String(user.id)) : null,
        }
      : null,
  };
}
