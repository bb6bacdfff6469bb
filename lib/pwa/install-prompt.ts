import { INSTALL_PROMPT_HIDDEN_STORAGE_KEY, VISITS_STORAGE_KEY } from '@/lib/constants/storage';

/** The `beforeinstallprompt` event (Chromium), not in TypeScript's DOM types. */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

type KeyValue = Pick<Storage, 'getItem' | 'setItem'>;

/** Session-storage mark: this tab's visit is already counted. */
export const VISIT_COUNTED_SESSION_KEY = 'visitCounted';

/** From this visit on the install prompt may be offered (or after a deposit). */
export const INSTALL_PROMPT_FROM_VISIT = 2;

/** Whether the visitor dismissed the install prompt permanently (spec section 3's flag). */
export function isInstallPromptHidden(storage: KeyValue | null): boolean {
  try {
    return storage?.getItem(INSTALL_PROMPT_HIDDEN_STORAGE_KEY) === 'true';
  } catch {
    return false;
  }
}

export function hideInstallPromptForever(storage: KeyValue | null): void {
  try {
    storage?.setItem(INSTALL_PROMPT_HIDDEN_STORAGE_KEY, 'true');
  } catch {
    // storage unavailable: the prompt is hidden for this page only
  }
}

/** Counts this browser session as a visit (once per session); returns the number of visits so far. */
export function countVisit(local: KeyValue | null, session: KeyValue | null): number {
  try {
    const visits = Number(local?.getItem(VISITS_STORAGE_KEY)) || 0;
    if (session?.getItem(VISIT_COUNTED_SESSION_KEY)) return visits;
    session?.setItem(VISIT_COUNTED_SESSION_KEY, '1');
    local?.setItem(VISITS_STORAGE_KEY, String(visits + 1));
    return visits + 1;
  } catch {
    return 1;
  }
}

/** iOS Safari has no install prompt: it gets the add-to-home-screen hint instead. */
export function isIosSafari(userAgent: string, standalone: boolean | undefined): boolean {
  if (standalone) return false;
  const ios = /iphone|ipad|ipod/i.test(userAgent);
  return ios && /safari/i.test(userAgent) && !/crios|fxios|edgios|opios/i.test(userAgent);
}

/** Whether the prompt (or the iOS hint) is offered now: not dismissed, a second visit or a deposit. */
export function shouldOfferInstall(input: { hidden: boolean; visits: number; deposited: boolean }): boolean {
  return !input.hidden && (input.visits >= INSTALL_PROMPT_FROM_VISIT || input.deposited);
}

/** Where the inline capture script keeps a `beforeinstallprompt` fired before the prompt's code loaded. */
const CAPTURE_PROPERTY = '__installPrompt';

/**
 * Inline in the layout: the browser fires `beforeinstallprompt` early, before the prompt's code (loaded
 * when the page is idle) listens; this keeps the event for it.
 */
export const INSTALL_PROMPT_CAPTURE_SCRIPT = `addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.${CAPTURE_PROPERTY}=e})`;

/** The event the capture script kept, if any (taken once). */
export function takeCapturedInstallPrompt(): BeforeInstallPromptEvent | null {
  const holder = window as unknown as Record<string, BeforeInstallPromptEvent | undefined>;
  const event = holder[CAPTURE_PROPERTY] ?? null;
  delete holder[CAPTURE_PROPERTY];
  return event;
}
