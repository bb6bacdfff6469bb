import { AxiosError, AxiosHeaders } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { HTTP_CLIENT_ERROR_MESSAGES, REQUEST_TIMEOUT_MS } from '@/lib/constants/http';
import { notify } from '@/lib/stores/notification-store';
import { createApiClient } from './client';
import { clientMessageOf } from './client-messages';
import { clientMessage, notifyRequestError } from './notify-request-error';

vi.mock('@/lib/stores/notification-store', () => ({ notify: vi.fn() }));

const failure = (message: string, status?: number) => {
  const error = new AxiosError(message, status ? 'ERR_BAD_RESPONSE' : 'ERR_NETWORK');
  if (status) {
    error.response = {
      status,
      data: { message: 'SQLSTATE[42P01] internal detail' },
      statusText: '',
      headers: {},
      config: { headers: new AxiosHeaders() },
    };
  }
  return error;
};

const translator = {
  has: (key: string) => key.startsWith('error.http_'),
  t: (key: string, values?: Record<string, string | number>) =>
    `${key}${values ? ` ${JSON.stringify(values)}` : ''}`,
};

describe('the HTTP client’s messages (spec section 8)', () => {
  it('names each of the client’s own failures, and any answer without a translatable code as a server failure', () => {
    expect(clientMessageOf(failure(HTTP_CLIENT_ERROR_MESSAGES.aborted))).toEqual({ key: 'http_aborted' });
    expect(clientMessageOf(failure(HTTP_CLIENT_ERROR_MESSAGES.network))).toEqual({ key: 'http_network' });
    expect(clientMessageOf(failure('Unsupported protocol ftp:'))).toEqual({ key: 'http_protocol' });
    expect(clientMessageOf(failure(HTTP_CLIENT_ERROR_MESSAGES.timeout(20_000)))).toEqual({
      key: 'http_timeout',
      ms: 20_000,
    });
    expect(clientMessageOf(failure('Request failed with status code 500', 500))).toEqual({
      key: 'http_server',
    });
    expect(clientMessageOf(new Error('something else'))).toEqual({ key: 'http_server' });
  });

  it('shows them translated, never the backend’s own text, and the English text without a translation', () => {
    expect(clientMessage(failure(HTTP_CLIENT_ERROR_MESSAGES.timeout(1_500)), translator)).toBe(
      'error.http_timeout {"ms":1500}',
    );
    notifyRequestError(failure('Request failed with status code 500', 500), translator, 'Title');
    expect(notify).toHaveBeenLastCalledWith({ kind: 'error', title: 'Title', text: 'error.http_server' });
    expect(vi.mocked(notify).mock.lastCall![0].text).not.toContain('SQLSTATE');
    const bare = { has: () => false, t: (key: string) => key };
    expect(clientMessage(failure(HTTP_CLIENT_ERROR_MESSAGES.network), bare)).toBe('Network Error');
  });

  it('gives up on a call after the request timeout with axios’s own message', async () => {
    expect(createApiClient('http://127.0.0.1:9').defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
    const { createServer } = await import('node:http');
    const server = createServer(() => undefined); // never answers
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const client = createApiClient(`http://127.0.0.1:${port}`, { timeoutMs: 200 });
      const error = await client.get('/slow').catch((e: unknown) => e);
      expect((error as Error).message).toBe('timeout of 200ms exceeded');
      expect(clientMessageOf(error)).toEqual({ key: 'http_timeout', ms: 200 });
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
