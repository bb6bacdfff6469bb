/**
 * The operator's seamless wallet as the studio calls it (lib/contracts/aggregator.ts): a JSON body signed
 * with the shared secret (`X-Hub88-Signature`, HMAC-SHA256 of the exact bytes sent), a fresh
 * `request_uuid` per request, a timeout per request. Only an HTTP 200 with a reply of the contract is an
 * answer; a timeout, a network error or any other status is "unanswered" (as Hub88 reads them), which the
 * outbox (outbox.ts) retries or rolls back.
 */
import { randomUUID } from 'node:crypto';
import { signAggregatorRequest } from '@/lib/aggregator/signature';
import {
  AGGREGATOR_SIGNATURE_HEADER,
  aggregatorReply,
  type AggregatorReply,
} from '@/lib/contracts/aggregator';

export type WalletPath =
  | 'user/info'
  | 'user/balance'
  | 'transaction/bet'
  | 'transaction/win'
  | 'transaction/rollback';

export class WalletUnanswered extends Error {
  constructor(path: WalletPath, reason: string) {
    super(`wallet ${path}: ${reason}`);
    this.name = 'WalletUnanswered';
  }
}

export type WalletCall = (path: WalletPath, body: Record<string, unknown>) => Promise<AggregatorReply>;

export function walletClient(options: { walletUrl: string; secret: string; timeoutMs: number }): WalletCall {
  return async (path, body) => {
    const raw = JSON.stringify({ ...body, request_uuid: randomUUID() });
    let response: Response;
    try {
      response = await fetch(`${options.walletUrl}/${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [AGGREGATOR_SIGNATURE_HEADER]: signAggregatorRequest(raw, options.secret),
        },
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new WalletUnanswered(path, error instanceof Error ? error.message : String(error));
    }
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw new WalletUnanswered(path, error instanceof Error ? error.message : String(error));
    }
    if (response.status !== 200) throw new WalletUnanswered(path, `HTTP ${response.status}`);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new WalletUnanswered(path, 'an answer that is not JSON');
    }
    const parsed = aggregatorReply.safeParse(json);
    if (!parsed.success) throw new WalletUnanswered(path, 'an answer outside the contract');
    return parsed.data;
  };
}
