/**
 * SMS through SMS.ru's HTTP API (https://sms.ru/api/send), the shape this adapter speaks: a form POST to
 * SMS_API_URL of `api_id` (SMS_API_KEY), `to` (the number's digits), `msg`, `from` (SMS_SENDER, when set)
 * and `json=1`; the answer is `{ status: 'OK' | 'ERROR', status_code, status_text?, sms: { <number>:
 * { status, status_code, sms_id?, status_text? } } }`, status_code 100 meaning accepted. Another provider
 * is one more MessageSender beside this one.
 */
import { PermanentDeliveryError, type MessageSender } from './senders';
import type { SmsConfig } from './transport-config';

export const SMS_TIMEOUT_MS = 10_000;

/**
 * SMS.ru's codes that a retry cannot change: 202 a malformed number, 207 a number it may not send to,
 * 204 a sender name not approved, 203 an empty text.
 */
const PERMANENT_CODES = new Set([202, 203, 204, 207]);

interface SmsRuAnswer {
  status?: string;
  status_code?: number;
  status_text?: string;
  sms?: Record<string, { status?: string; status_code?: number; status_text?: string; sms_id?: string }>;
}

export function smsRuSender(config: SmsConfig): MessageSender {
  return {
    async send(message) {
      const to = message.recipient.replace(/\D/g, '');
      const form = new URLSearchParams({ api_id: config.apiKey, to, msg: message.body, json: '1' });
      if (config.sender) form.set('from', config.sender);
      const response = await fetch(config.apiUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
        signal: AbortSignal.timeout(SMS_TIMEOUT_MS),
      });
      if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
      const answer = (await response.json().catch(() => null)) as SmsRuAnswer | null;
      if (!answer || typeof answer !== 'object') throw new Error('SMS provider answered no JSON');
      const item = answer.sms?.[to];
      const code = item?.status_code ?? answer.status_code;
      if (answer.status === 'OK' && item?.status === 'OK' && code === 100) return;
      const text = `SMS provider refused (${code ?? '?'}): ${item?.status_text ?? answer.status_text ?? 'no reason given'}`;
      throw code !== undefined && PERMANENT_CODES.has(code)
        ? new PermanentDeliveryError(text)
        : new Error(text);
    },
  };
}
