/**
 * hCaptcha in the browser without hCaptcha: the tests never load its script. `fakeHcaptcha()` is a
 * stand-in for the API its `api.js` puts on `window.hcaptcha` (what @hcaptcha/react-hcaptcha calls:
 * render, execute, reset, remove, ...): each `execute(id, { async: true })` gives a new token
 * (`P1_token-1`, `P1_token-2`, ...) unless told to fail. `serveHcaptchaScript(mode)` answers the
 * `<script src="https://js.hcaptcha.com/1/api.js?...">` react-hcaptcha adds (jsdom fetches no script):
 * `load` installs the fake and calls the script's `onload` callback as hCaptcha's script does, `error`
 * fails the script as a blocked or unreachable host would, `silent` never answers.
 */
import { vi } from 'vitest';

export const HCAPTCHA_SCRIPT_PREFIX = 'https://js.hcaptcha.com/1/api.js';

interface RenderedWidget {
  id: string;
  params: Record<string, unknown>;
}

export interface FakeHcaptcha {
  api: {
    render: (container: HTMLElement, params: Record<string, unknown>) => string;
    execute: (id: string, options?: { async?: boolean }) => Promise<{ response: string; key: string }>;
    reset: (id?: string) => void;
    remove: (id: string) => void;
    getResponse: (id?: string) => string;
    getRespKey: (id?: string) => string;
    setData: (id: string, data: unknown) => void;
    close: (id?: string) => void;
  };
  widgets: RenderedWidget[];
  /** Every token given, in order. */
  tokens: string[];
  /** Each `execute` and `reset`, in order, with the widget's site key. */
  log: string[];
  /** The next `execute` rejects with this hCaptcha error code (`challenge-closed`, `network-error`...). */
  failNextExecute: (code: string) => void;
  install: () => void;
}

type HcaptchaWindow = Window & { hcaptcha?: unknown; hCaptchaOnLoad?: () => void };
const win = () => window as HcaptchaWindow;

export function fakeHcaptcha(): FakeHcaptcha {
  const widgets: RenderedWidget[] = [];
  const tokens: string[] = [];
  const log: string[] = [];
  const failures: string[] = [];
  const siteKeyOf = (id: string) => String(widgets.find((widget) => widget.id === id)?.params.sitekey);
  const api: FakeHcaptcha['api'] = {
    render: vi.fn((_container: HTMLElement, params: Record<string, unknown>) => {
      const id = `widget-${widgets.length + 1}`;
      widgets.push({ id, params });
      return id;
    }),
    execute: vi.fn(async (id: string) => {
      log.push(`execute ${siteKeyOf(id)}`);
      const failure = failures.shift();
      if (failure) throw failure;
      const response = `P1_token-${tokens.length + 1}`;
      tokens.push(response);
      return { response, key: `E1_key-${tokens.length}` };
    }),
    reset: vi.fn((id?: string) => {
      log.push(`reset ${id ? siteKeyOf(id) : ''}`.trim());
    }),
    remove: vi.fn(),
    getResponse: vi.fn(() => ''),
    getRespKey: vi.fn(() => ''),
    setData: vi.fn(),
    close: vi.fn(),
  };
  return {
    api,
    widgets,
    tokens,
    log,
    failNextExecute: (code) => failures.push(code),
    install: () => {
      win().hcaptcha = api;
    },
  };
}

/** Removes hCaptcha's global and every script of it, as on a fresh page. */
export function removeHcaptcha(): void {
  delete win().hcaptcha;
  delete win().hCaptchaOnLoad;
  for (const script of hcaptchaScripts()) script.remove();
}

/** The hCaptcha scripts on the page. */
export function hcaptchaScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script')].filter((script) =>
    script.src.startsWith(HCAPTCHA_SCRIPT_PREFIX),
  );
}

/**
 * Answers each hCaptcha script added from now on, the way `mode` says; keeps the address of each.
 * `stop()` ends it.
 */
export function serveHcaptchaScript(mode: 'load' | 'error' | 'silent', fake?: FakeHcaptcha) {
  const requested: string[] = [];
  const answer = (script: HTMLScriptElement) => {
    requested.push(script.src);
    if (mode === 'silent') return;
    // After the current task, as a network answer would come.
    setTimeout(() => {
      if (mode === 'error') {
        script.dispatchEvent(new Event('error'));
        return;
      }
      fake?.install();
      script.dispatchEvent(new Event('load'));
      // hCaptcha's script calls the function named by its `onload` parameter once it is ready.
      const callback = new URL(script.src).searchParams.get('onload');
      if (callback) (win() as unknown as Record<string, () => void>)[callback]?.();
    }, 0);
  };
  const observer = new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      for (const node of mutation.addedNodes) {
        if (node instanceof HTMLScriptElement && node.src.startsWith(HCAPTCHA_SCRIPT_PREFIX)) answer(node);
      }
    }
  });
  observer.observe(document, { childList: true, subtree: true });
  return { requested, stop: () => observer.disconnect() };
}
