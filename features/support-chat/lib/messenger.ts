/**
 * The support chat's messenger (spec sections 3, 4, 7 and 9): an Intercom-compatible widget loaded from
 * the chat provider. This module owns the one widget of the page: it installs the provider's command
 * queue, loads the script of the variant's app, boots it with the player's chat user data, shows it,
 * refreshes it after navigations, and tears it down when the variant or the player changes.
 *
 * The provider is third-party and may never load (blocked, offline, no internet in CI): `start` then
 * rejects, and the caller logs it and offers the FAQ instead (spec section 8: "chat initialisation
 * error — logged only").
 */

/** The provider's command function (`Intercom('boot', settings)`, `Intercom('show')`, ...). */
export type MessengerCommand = (command: string, ...args: unknown[]) => void;
type QueueStub = MessengerCommand & { q?: unknown[][]; c?: (args: unknown[]) => void };
type MessengerWindow = Window & { Intercom?: QueueStub; intercomSettings?: MessengerSettings };

/** Boot settings: the app, the player's chat user data (when signed in), and our own launcher. */
export interface MessengerSettings {
  app_id: string;
  user_id?: string;
  email?: string;
  user_hash?: string;
  language_override?: string;
  /** The app draws its own button (spec section 2), so the provider's launcher stays hidden. */
  hide_default_launcher: true;
}

export interface MessengerEvents {
  onShow: () => void;
  onHide: () => void;
}

/** The `<script>` the messenger adds, marked so a variant change can remove it. */
export const MESSENGER_SCRIPT_ATTRIBUTE = 'data-support-chat';

let current: { scriptUrl: string; loaded: Promise<void>; settingsKey: string | null } | null = null;

const win = () => window as MessengerWindow;

/** The provider's queue: commands issued before the script runs are replayed by it. */
function installQueue(): void {
  const stub: QueueStub = (...args: unknown[]) => stub.c?.(args);
  stub.q = [];
  stub.c = (args) => stub.q?.push(args);
  win().Intercom = stub;
}

function isQueueStub(fn: QueueStub | undefined): boolean {
  return typeof fn === 'function' && Array.isArray(fn.q);
}

function loadScript(scriptUrl: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.setAttribute(MESSENGER_SCRIPT_ATTRIBUTE, '');
    const timer = window.setTimeout(() => {
      cleanup();
      reject(new Error(`support chat script did not load within ${timeoutMs} ms`));
    }, timeoutMs);
    function cleanup() {
      window.clearTimeout(timer);
      script.onload = null;
      script.onerror = null;
    }
    script.onload = () => {
      cleanup();
      // The provider's script replaces the queue with its own function; a script that did not (an error
      // page, a wrong address) leaves a chat that would never open.
      if (isQueueStub(win().Intercom)) reject(new Error('support chat script did not start the messenger'));
      else resolve();
    };
    script.onerror = () => {
      cleanup();
      reject(new Error(`support chat script failed to load: ${scriptUrl}`));
    };
    document.head.appendChild(script);
  });
}

/** Shuts the messenger down and removes its script (a variant change loads the other app's). */
export function stopMessenger(): void {
  if (typeof window === 'undefined') return;
  const command = win().Intercom;
  if (current && typeof command === 'function' && !isQueueStub(command)) {
    try {
      command('shutdown');
    } catch (error) {
      console.error('support chat shutdown failed', error);
    }
  }
  for (const script of document.querySelectorAll(`script[${MESSENGER_SCRIPT_ATTRIBUTE}]`)) script.remove();
  delete win().Intercom;
  delete win().intercomSettings;
  current = null;
}

/**
 * Loads the variant's script (once per script address) and boots it with `settings`. Booting again with
 * other settings (the player logged in or out) shuts the previous session down first, so one player's
 * conversation never shows to the next. Rejects when the script does not load or start.
 */
export async function startMessenger(
  scriptUrl: string,
  settings: MessengerSettings,
  events: MessengerEvents,
  timeoutMs: number,
): Promise<void> {
  if (current && current.scriptUrl !== scriptUrl) stopMessenger();
  if (!current) {
    installQueue();
    const loaded = loadScript(scriptUrl, timeoutMs);
    current = { scriptUrl, loaded, settingsKey: null };
    loaded.catch(() => {
      if (current?.loaded === loaded) stopMessenger();
    });
  }
  const session = current;
  await session.loaded;
  if (current !== session) throw new Error('support chat was replaced while loading');

  const key = JSON.stringify(settings);
  if (session.settingsKey === key) return;
  const command = win().Intercom as MessengerCommand;
  if (session.settingsKey !== null) command('shutdown');
  win().intercomSettings = settings;
  command('boot', settings);
  command('onShow', events.onShow);
  command('onHide', events.onHide);
  session.settingsKey = key;
}

function booted(): MessengerCommand | null {
  if (!current?.settingsKey) return null;
  const command = win().Intercom;
  return typeof command === 'function' && !isQueueStub(command) ? command : null;
}

/** Opens the messenger; false when it is not running. */
export function showMessenger(): boolean {
  const command = booted();
  if (!command) return false;
  command('show');
  return true;
}

/** Asks the provider for new messages after a navigation (spec section 9: 250 ms after each one). */
export function refreshMessenger(): void {
  booted()?.('update', { last_request_at: Math.floor(Date.now() / 1000) });
}
