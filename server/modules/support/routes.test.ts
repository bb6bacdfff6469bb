import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { client, signUpByEmail, signUpByPhone } from '../../test/accounts';
import { createTestApp } from '../../test/helpers';

const CHAT_ENV = {
  SUPPORT_CHAT_APP_ID: 'ru_app',
  SUPPORT_CHAT_SECRET: 'ru-identity-secret',
  SUPPORT_CHAT_APP_ID_KZ: 'kz_app',
  SUPPORT_CHAT_SECRET_KZ: 'kz-identity-secret',
  SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example/widget/{app_id}',
  SUPPORT_CHAT_BUTTON_IMAGE_URL: 'https://chat.example/launcher.png',
};

const { app } = await createTestApp({ env: CHAT_ENV });
const { app: defaultOnly } = await createTestApp({
  env: { SUPPORT_CHAT_APP_ID: 'only_app', GEO_DEFAULT_COUNTRY: 'KZ' },
});
const { app: noChat } = await createTestApp();

const hmac = (secret: string, value: string) => createHmac('sha256', secret).update(value).digest('hex');
const chat = (target: typeof app, headers: Record<string, string> = {}) =>
  client(target).request('GET', '/support/chat', { headers });
const userIdOf = async (token: string) =>
  String((await client(app).get('/profile/user', token)).json().user.id);

describe('GET /support/chat', () => {
  it('serves the KZ region the Kazakhstan chat variant and every other region the default chat', async () => {
    const kz = await chat(app, { region: 'KZ' });
    expect(kz.statusCode).toBe(200);
    expect(kz.headers['cache-control']).toBe('no-store');
    expect(kz.json()).toEqual({
      region: 'KZ',
      variant: 'KZ',
      app_id: 'kz_app',
      script_url: 'https://chat.example/widget/kz_app',
      button_image_url: 'https://chat.example/launcher.png',
      user: null,
    });
    expect((await chat(app, { region: 'RU' })).json()).toMatchObject({
      region: 'RU',
      variant: 'RU',
      app_id: 'ru_app',
      script_url: 'https://chat.example/widget/ru_app',
    });
  });

  it('takes the region from the geo header when the web app sends none', async () => {
    expect((await chat(app, { 'cf-ipcountry': 'KZ' })).json()).toMatchObject({
      region: 'KZ',
      app_id: 'kz_app',
    });
    expect((await chat(app, { 'cf-ipcountry': 'DE' })).json()).toMatchObject({
      region: 'RU',
      app_id: 'ru_app',
    });
    expect((await chat(app)).json()).toMatchObject({ region: 'RU', app_id: 'ru_app' });
    // A Region header that is not a region is ignored, not trusted.
    expect((await chat(app, { region: 'XX', 'cf-ipcountry': 'KZ' })).json()).toMatchObject({ region: 'KZ' });
    // The Region header wins over the geo header (the web app's geo check set it).
    expect((await chat(app, { region: 'ru', 'cf-ipcountry': 'KZ' })).json()).toMatchObject({ region: 'RU' });
  });

  it("answers a signed-in player's chat user data, user_hash signed with the variant's own secret", async () => {
    const { email, token } = await signUpByEmail(app);
    const userId = await userIdOf(token);
    const headers = { authorization: `Bearer ${token}` };

    const kz = (await chat(app, { ...headers, region: 'KZ' })).json();
    expect(kz.user).toEqual({
      app_id: 'kz_app',
      email,
      user_id: userId,
      user_hash: hmac('kz-identity-secret', userId),
    });
    const ru = (await chat(app, { ...headers, region: 'RU' })).json();
    expect(ru.user).toEqual({
      app_id: 'ru_app',
      email,
      user_id: userId,
      user_hash: hmac('ru-identity-secret', userId),
    });
    expect(ru.user.user_hash).not.toBe(kz.user.user_hash);
  });

  it('gives a player without an e-mail a null email', async () => {
    const { token } = await signUpByPhone(app);
    const body = (await chat(app, { authorization: `Bearer ${token}` })).json();
    expect(body.user).toMatchObject({ email: null, user_id: await userIdOf(token) });
  });

  it('refuses a bad token with 401 (the web app refreshes and asks again) rather than treating the player as a guest', async () => {
    const response = await chat(app, { authorization: 'Bearer not-a-token' });
    expect(response.statusCode).toBe(401);
  });

  it('serves KZ the default chat when the Kazakhstan app is not configured, without user_hash when no secret is', async () => {
    const guest = (await chat(defaultOnly)).json();
    expect(guest).toEqual({
      region: 'KZ',
      variant: 'RU',
      app_id: 'only_app',
      script_url: 'https://widget.intercom.io/widget/only_app',
      button_image_url: null,
      user: null,
    });
    const { token } = await signUpByEmail(defaultOnly);
    const body = (await chat(defaultOnly, { authorization: `Bearer ${token}` })).json();
    expect(body.user).toMatchObject({ app_id: 'only_app', user_hash: null });
  });

  it('answers that there is no chat when none is configured', async () => {
    expect((await chat(noChat, { region: 'KZ' })).json()).toEqual({
      region: 'KZ',
      variant: null,
      app_id: null,
      script_url: null,
      button_image_url: null,
      user: null,
    });
  });
});

describe('support-chat configuration', () => {
  it('refuses app ids that cannot go into the script address, and script addresses without {app_id}', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (error) {
        return error instanceof ConfigError ? error.problems : [String(error)];
      }
    };
    expect(problems({ SUPPORT_CHAT_APP_ID: 'a/b?c' })[0]).toMatch(/^SUPPORT_CHAT_APP_ID:/);
    expect(problems({ SUPPORT_CHAT_APP_ID_KZ: '' })).toEqual([]);
    expect(problems({ SUPPORT_CHAT_SCRIPT_URL: 'https://chat.example/widget.js' })[0]).toMatch(/\{app_id\}/);
    expect(problems({ SUPPORT_CHAT_SCRIPT_URL: 'javascript:alert(1)//{app_id}' })[0]).toMatch(/http/);
    expect(problems({ SUPPORT_CHAT_BUTTON_IMAGE_URL: 'not a url' })[0]).toMatch(
      /^SUPPORT_CHAT_BUTTON_IMAGE_URL:/,
    );
  });
});
