/**
 * What every game page shares: its settings and strings (inert JSON in the page), the JSON calls to the
 * studio authenticated by the launch id, money formatting, messages, the reduced-motion preference, and
 * the provably fair panel.
 */
export interface Settings {
  launchId: string;
  game: string;
  name: string;
  category: string;
  lang: 'ru' | 'en' | 'kz';
}

export const settings = JSON.parse(document.getElementById('settings')!.textContent!) as Settings;
const strings = JSON.parse(document.getElementById('strings')!.textContent!) as Record<string, string>;

/** The string of `key` with `{name}` placeholders filled. */
export function t(key: string, values: Record<string, string | number> = {}): string {
  return (strings[key] ?? key).replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? ''));
}

export const reducedMotion = () => window.matchMedia('(prefers-reduced-motion: reduce)').matches;
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, reducedMotion() ? 0 : ms));

/**
 * Tells the operator's page that money moved (a real-money spin, bet or settlement), so its header
 * balance is read again at once. The operator listens for exactly `{ type: 'balance' }` from our origin.
 */
export function balanceMoved(): void {
  if (window.parent !== window) window.parent.postMessage({ type: 'balance' }, '*');
}

export class CallError extends Error {
  constructor(
    readonly code: string,
    readonly body: Record<string, unknown>,
  ) {
    super(code);
  }
}

export async function call<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`/play/${settings.launchId}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new CallError(String(json.error ?? 'error'), json);
  return json as T;
}

export interface PageState {
  currency: string;
  demo: boolean;
  lobbyUrl: string | null;
  depositUrl: string | null;
  balanceMinor: string | null;
  stakes: string[];
  feature: { kind: string; left: number; stakeMinor: string; winMinor: string } | null;
  freeRounds: { left: number; stakeMinor: string } | null;
  fair: FairView;
}

export interface FairView {
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  previous: { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number } | null;
}

const locale = { ru: 'ru-RU', en: 'en-GB', kz: 'kk-KZ' }[settings.lang];

export function money(minor: string | bigint | null, currency: string): string {
  if (minor === null) return '—';
  const value = Number(BigInt(minor)) / 100;
  if (currency === 'XXX') return `${value.toLocaleString(locale, { minimumFractionDigits: 2 })} FUN`;
  return value.toLocaleString(locale, { style: 'currency', currency, minimumFractionDigits: 2 });
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

/** The page's frame: title, balance, lobby and deposit links, a message line; answers its parts. */
export function frame(state: PageState) {
  const balance = el('output', { class: 'balance-value' }, money(state.balanceMinor, state.currency));
  const message = el('p', { class: 'message', role: 'status' });
  const links = el('nav', { class: 'links' });
  if (state.lobbyUrl)
    links.append(el('a', { href: state.lobbyUrl, target: '_top', class: 'link' }, t('lobby')));
  if (state.depositUrl && !state.demo) {
    links.append(el('a', { href: state.depositUrl, target: '_top', class: 'link deposit' }, t('deposit')));
  }
  const header = el(
    'header',
    { class: 'top' },
    el('h1', {}, settings.name, ...(state.demo ? [el('span', { class: 'badge' }, t('demo'))] : [])),
    el('div', { class: 'balance' }, el('span', {}, t('balance')), balance),
    links,
  );
  const stage = el('section', { class: 'stage' });
  const controls = el('section', { class: 'controls' });
  document.getElementById('app')!.replaceChildren(header, stage, message, controls);
  return {
    stage,
    controls,
    setBalance: (minor: string | null) => {
      if (minor !== null) balance.textContent = money(minor, state.currency);
    },
    say: (text: string, tone: 'info' | 'error' | 'win' = 'info') => {
      message.textContent = text;
      message.dataset.tone = tone;
    },
  };
}

/** The message of a refused call. */
export function refusal(error: unknown): string {
  if (!(error instanceof CallError)) return t('error');
  switch (error.code) {
    case 'not-enough-money':
      return t('notEnoughMoney');
    case 'rolled-back':
      return t('rolledBack');
    case 'wallet-refused':
      return t('walletRefused', { code: String(error.body.detail ?? '') });
    case 'bad-bet':
      return t('badBet');
    case 'no-free-rounds':
      return t('noFreeRounds');
    case 'betting-closed':
      return t('bettingClosed');
    case 'already-bet':
      return t('alreadyBet');
    default:
      return t('error');
  }
}

/** The provably fair panel: the committed hash, the editable client seed, the nonce, rotation. */
export function fairPanel(initial: FairView | null) {
  const hash = el('code', { class: 'hash' });
  const seed = el('input', {
    type: 'text',
    maxlength: '64',
    'aria-label': t('clientSeed'),
    spellcheck: 'false',
  });
  const nonce = el('output');
  const previous = el('div', { class: 'previous' });
  const save = el('button', { type: 'button', class: 'small' }, t('save'));
  const rotate = el('button', { type: 'button', class: 'small' }, t('rotate'));
  const show = (view: FairView) => {
    hash.textContent = view.serverSeedHash;
    seed.value = view.clientSeed;
    nonce.textContent = String(view.nonce);
    previous.replaceChildren(
      ...(view.previous
        ? [el('span', {}, t('previousSeed')), el('code', { class: 'hash' }, view.previous.serverSeed)]
        : []),
    );
  };
  const change = async (body: Record<string, unknown>) => show(await call<FairView>('/seed', body));
  save.addEventListener('click', () => void change({ clientSeed: seed.value.trim() }));
  rotate.addEventListener('click', () => void change({ clientSeed: seed.value.trim(), rotate: true }));
  const panel = el(
    'details',
    { class: 'fair' },
    el('summary', {}, t('provablyFair')),
    el(
      'dl',
      {},
      el('dt', {}, t('serverSeedHash')),
      el('dd', {}, hash),
      el('dt', {}, t('clientSeed')),
      el('dd', {}, seed, save),
      el('dt', {}, t('nonce')),
      el('dd', {}, nonce),
    ),
    rotate,
    previous,
  );
  if (initial) show(initial);
  return { panel, show };
}
