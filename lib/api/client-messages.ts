import { HTTP_CLIENT_ERROR_MESSAGES } from '@/lib/constants/http';
import { isAxiosError } from './errors';

/**
 * What a failed call says to the player when the server gave nothing to translate (spec section 8): the
 * HTTP client's own messages ('Request aborted', 'Network Error', 'timeout of {ms}ms exceeded',
 * 'Unsupported protocol …') by their keys, and any other failure as `server` — the backend's own text is
 * never shown. The keys are `error.http_<key>` in the messages.
 */
export type ClientMessage =
  | { key: 'http_aborted' | 'http_network' | 'http_protocol' | 'http_server' }
  | { key: 'http_timeout'; ms: number };

const TIMEOUT = /^timeout of (\d+)ms exceeded$/;

export function clientMessageOf(error: unknown): ClientMessage {
  const message = error instanceof Error ? error.message : '';
  if (isAxiosError(error) && error.response) return { key: 'http_server' };
  if (message === HTTP_CLIENT_ERROR_MESSAGES.aborted) return { key: 'http_aborted' };
  if (message === HTTP_CLIENT_ERROR_MESSAGES.network) return { key: 'http_network' };
  if (message.startsWith(HTTP_CLIENT_ERROR_MESSAGES.unsupportedProtocol)) return { key: 'http_protocol' };
  const timeout = TIMEOUT.exec(message);
  if (timeout) return { key: 'http_timeout', ms: Number(timeout[1]) };
  return { key: 'http_server' };
}
