/**
 * The bot-protection loader (spec section 7): hCaptcha's script is loaded with one public site key, and a
 * token is produced for each named action. This module keeps the site key the script was first loaded
 * with: hCaptcha's script is one per page, so a widget or a token asked for with another key is refused
 * (CaptchaSiteKeyError) instead of mixing keys. The widget's code (@hcaptcha/react-hcaptcha, which adds
 * hCaptcha's `api.js` when its first widget mounts) is a chunk of its own, fetched only by the forms that
 * ask for a token.
 */
import type { CaptchaWidget } from './captcha-widget';

/** The calls that carry `h-captcha-response`: sign-up, password log-in, a log-in code, a restore code. */
export const CAPTCHA_ACTIONS = ['sign-up', 'log-in', 'code', 'restore'] as const;
export type CaptchaAction = (typeof CAPTCHA_ACTIONS)[number];

/** What a token is asked of: the invisible widget (react-hcaptcha's `HCaptcha` instance). */
export interface CaptchaExecutor {
  execute(options: { async: true }): Promise<{ response: string }>;
  resetCaptcha(): void;
}

/** A widget or a token was asked for with a site key other than the one the script was loaded with. */
export class CaptchaSiteKeyError extends Error {
  constructor(
    readonly loadedWith: string,
    readonly requested: string,
  ) {
    super(
      `hCaptcha was loaded with site key ${loadedWith}; a widget or token for site key ${requested} is refused`,
    );
    this.name = 'CaptchaSiteKeyError';
  }
}

let loadedSiteKey: string | null = null;

/** The site key hCaptcha's script was loaded with on this page, or null before the first widget. */
export function captchaSiteKey(): string | null {
  return loadedSiteKey;
}

function claimSiteKey(siteKey: string): void {
  if (loadedSiteKey === null) loadedSiteKey = siteKey;
  else if (loadedSiteKey !== siteKey) throw new CaptchaSiteKeyError(loadedSiteKey, siteKey);
}

/**
 * The invisible widget's component, for `siteKey`: the first call pins the page to that key (the widget
 * then loads hCaptcha's script with it); a later call with another key rejects with CaptchaSiteKeyError.
 */
export async function loadCaptchaWidget(siteKey: string): Promise<typeof CaptchaWidget> {
  claimSiteKey(siteKey);
  const loaded = await import('./captcha-widget');
  return loaded.CaptchaWidget;
}

/**
 * A new token for `action` from the widget of `siteKey`: hCaptcha's `execute({ async: true })` (which
 * shows a challenge only when hCaptcha wants one), then the widget is reset, so the next call gets a
 * token of its own: a token is never used for two calls. Rejects with CaptchaSiteKeyError for a key
 * other than the page's, and with hCaptcha's error (`challenge-closed`, `network-error`, ...) otherwise.
 */
export async function captchaToken(
  siteKey: string,
  widget: CaptchaExecutor,
  action: CaptchaAction,
): Promise<string> {
  claimSiteKey(siteKey);
  try {
    const { response } = await widget.execute({ async: true });
    if (!response) throw new Error(`hCaptcha gave no token for ${action}`);
    return response;
  } finally {
    widget.resetCaptcha();
  }
}
