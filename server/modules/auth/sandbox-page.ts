/**
 * Plain server-rendered pages of the sandbox social provider (outside production only): pick a test
 * identity or enter a custom one, then a page that reports the result to the opener and closes.
 */
import type { SocialProvider } from './social';
import { escapeHtml } from '../../lib/html-page';

export interface SandboxIdentity {
  key: string;
  name: string;
  email: string | null;
}

/** The test identities offered on every provider's page. */
export const SANDBOX_IDENTITIES: readonly SandboxIdentity[] = [
  { key: 'alice', name: 'Alice Sandbox', email: 'alice@sandbox.example' },
  { key: 'boris', name: 'Борис Тестов', email: 'boris@sandbox.example' },
  { key: 'aigerim', name: 'Айгерим Сынақ', email: null },
];

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  telegram: 'Telegram',
  vk: 'VK',
  yandex: 'Yandex',
};

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f4f4f5; color: #18181b; }
  main { max-width: 28rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border-radius: 12px; }
  h1 { font-size: 1.375rem; margin: 0 0 .25rem; }
  h2 { font-size: 1.0625rem; margin: 1.5rem 0 .5rem; }
  p { margin: .25rem 0 1rem; color: #3f3f46; }
  ul { list-style: none; padding: 0; margin: 0; display: grid; gap: .5rem; }
  button { width: 100%; padding: .75rem 1rem; font: inherit; text-align: left; border: 1px solid #a1a1aa;
    border-radius: 8px; background: #fafafa; color: inherit; cursor: pointer; }
  button:hover { background: #f0f0f0; }
  button:focus-visible, input:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  .submit { text-align: center; background: #1d4ed8; border-color: #1d4ed8; color: #fff; margin-top: .75rem; }
  .submit:hover { background: #1e40af; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; padding: .625rem .75rem; font: inherit; border: 1px solid #71717a;
    border-radius: 8px; }
  .hint { font-weight: 400; color: #52525b; }
  .error { color: #b91c1c; margin: .25rem 0 0; }
  .note { font-size: .875rem; color: #52525b; margin-top: 1.5rem; }
`;

function page(title: string, content: string, nonce?: string, script?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${content}
</main>
${script && nonce ? `<script nonce="${nonce}">${script}</script>` : ''}
</body>
</html>
`;
}

export interface ChooserErrors {
  name?: string;
  email?: string;
}

export function renderChooser(input: {
  provider: SocialProvider;
  state: string;
  action: string;
  values?: { name?: string; email?: string };
  errors?: ChooserErrors;
}): string {
  const provider = PROVIDER_NAMES[input.provider];
  const state = `<input type="hidden" name="state" value="${escapeHtml(input.state)}">`;
  const identities = SANDBOX_IDENTITIES.map(
    (identity) => `<li>
  <form method="post" action="${escapeHtml(input.action)}">
    ${state}
    <input type="hidden" name="identity" value="${identity.key}">
    <button type="submit">Continue as <strong>${escapeHtml(identity.name)}</strong><br>
      <span class="hint">${identity.email ? escapeHtml(identity.email) : 'no e-mail address'}</span></button>
  </form>
</li>`,
  ).join('\n');
  const errors = input.errors ?? {};
  const field = (name: 'name' | 'email', label: string, type: string, extra: string) => {
    const error = errors[name];
    const value = input.values?.[name] ?? '';
    return `<label for="${name}">${label}</label>
<input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}" ${extra}${
      error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''
    }>
${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
  };
  return page(
    `Sign in with ${provider} (sandbox)`,
    `<h1>Sign in with ${escapeHtml(provider)}</h1>
<p>Sandbox provider for testing: no real ${escapeHtml(provider)} account is used.</p>
${Object.keys(errors).length > 0 ? '<p class="error" role="alert">Please correct the fields below.</p>' : ''}
<h2 id="identities">Test identities</h2>
<ul aria-labelledby="identities">
${identities}
</ul>
<h2 id="custom">Custom identity</h2>
<form method="post" action="${escapeHtml(input.action)}" aria-labelledby="custom" novalidate>
  ${state}
  ${field('name', 'Name', 'text', 'required maxlength="100" autocomplete="name"')}
  ${field('email', 'E-mail <span class="hint">(optional)</span>', 'email', 'maxlength="254" autocomplete="email"')}
  <button type="submit" class="submit">Continue</button>
</form>
<p class="note">The same identity always signs in to the same account.</p>`,
  );
}

/** Posts `{ type: 'social-login', token, is_new }` to the opener at `origin` and closes the window. */
export function renderCompletion(input: {
  origin: string;
  token: string;
  isNew: boolean;
  nonce: string;
}): string {
  const message = { type: 'social-login', token: input.token, is_new: input.isNew };
  const script = `(function () {
  var message = ${scriptJson(message)};
  var targetOrigin = ${scriptJson(input.origin)};
  if (window.opener && !window.opener.closed) {
    window.opener.postMessage(message, targetOrigin);
    window.close();
  } else {
    document.getElementById('status').textContent = 'Signed in, but the window that opened this one is gone. Close this window and sign in again.';
  }
})();`;
  return page(
    'Signed in',
    `<h1>Signed in</h1>
<p id="status" role="status">Returning to the site… You can close this window.</p>`,
    input.nonce,
    script,
  );
}

export function renderFailure(message: string): string {
  return page('Sign-in failed', `<h1>Sign-in failed</h1>\n<p role="alert">${escapeHtml(message)}</p>`);
}
