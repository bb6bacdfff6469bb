'use client';

import { useCallback, useRef, useState } from 'react';
import { isAxiosError, statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import type { FairGame } from '@/lib/contracts/games';
import { useScopedErrorTranslator } from '@/lib/i18n/use-error-translator';
import type { ErrorTranslator, ServerValidationErrors } from '@/lib/validation-errors';
import { useBetSettled } from './use-bet-settled';
import { useRequireAccount } from './use-require-account';

/** The error key the server puts on `amount` when the balance is too low (lib/contracts/games.ts). */
export const INSUFFICIENT_FUNDS_KEY = 'insufficient_funds';

/** Why a bet was not placed: a guest, a bet already in flight, or the server's refusal (`cause`). */
export class BetError extends Error {
  constructor(
    readonly reason: 'guest' | 'busy' | 'insufficient_funds' | 'rejected',
    readonly cause?: unknown,
  ) {
    super(reason);
    this.name = 'BetError';
  }
}

/** Whether a 422's messages carry the `insufficient_funds` key. */
export function hasInsufficientFunds(errors: ServerValidationErrors | null): boolean {
  if (!errors) return false;
  return Object.values(errors).some((value) =>
    (typeof value === 'string' ? [value] : (value ?? [])).some(
      (message) => message.split(':')[0].trim() === INSUFFICIENT_FUNDS_KEY,
    ),
  );
}

/** A fresh idempotency key; `crypto.randomUUID` needs a secure context, so fall back to random bytes. */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** An answer that may not say what happened to the bet: no response, or a server failure. */
function outcomeUnknown(error: unknown): boolean {
  if (!isAxiosError(error)) return false;
  const status = statusOf(error);
  return status === null || status >= 500;
}

/**
 * Error texts of the games: `games.shared.errors.<key>` first (e.g. insufficient funds, a finished
 * round), then the common `error.<key>` (spec section 5), else the raw key.
 */
export function useGameErrorTranslator(): ErrorTranslator {
  return useScopedErrorTranslator('games.shared.errors');
}

export interface BetRequest<B, R> {
  /**
   * Places one bet: a guest gets the sign-up dialog, a second call while one is in flight is refused
   * (never a double submit). Each bet carries a fresh `idempotency_key`; when the previous attempt with
   * the very same body ended without a known outcome (network failure, 5xx), the key is reused so the
   * server answers that bet instead of taking a second one. Failures are shown (one notification, spec
   * section 5) and the promise rejects with a {@link BetError}.
   */
  submit: (body: B) => Promise<R>;
  pending: boolean;
  /** The last bet failed for lack of money: offer the deposit dialog. */
  insufficientFunds: boolean;
  dismissInsufficientFunds: () => void;
}

/** A bet body without its idempotency key (distributes over unions of bodies). */
export type WithoutKey<S> = S extends unknown ? Omit<S, 'idempotency_key'> : never;

export function useBetRequest<
  S extends { idempotency_key: string },
  R extends { balance: number; bet: { game: FairGame } },
>(send: (body: S) => Promise<R>): BetRequest<WithoutKey<S>, R> {
  const requireAccount = useRequireAccount();
  const settled = useBetSettled();
  const translator = useGameErrorTranslator();
  const inFlight = useRef(false);
  const unsettled = useRef<{ fingerprint: string; key: string } | null>(null);
  const [pending, setPending] = useState(false);
  const [insufficientFunds, setInsufficientFunds] = useState(false);

  const submit = useCallback(
    async (body: WithoutKey<S>): Promise<R> => {
      if (!requireAccount()) throw new BetError('guest');
      if (inFlight.current) throw new BetError('busy');
      inFlight.current = true;
      setPending(true);
      setInsufficientFunds(false);
      const fingerprint = JSON.stringify(body);
      const key =
        unsettled.current?.fingerprint === fingerprint ? unsettled.current.key : newIdempotencyKey();
      unsettled.current = { fingerprint, key };
      try {
        const reply = await send({ ...body, idempotency_key: key } as unknown as S);
        unsettled.current = null;
        settled(reply);
        return reply;
      } catch (error) {
        if (!outcomeUnknown(error)) unsettled.current = null;
        const short = hasInsufficientFunds(validationErrorsOf(error));
        if (short) setInsufficientFunds(true);
        notifyRequestError(error, translator);
        throw new BetError(short ? 'insufficient_funds' : 'rejected', error);
      } finally {
        inFlight.current = false;
        setPending(false);
      }
    },
    [requireAccount, send, settled, translator],
  );

  const dismissInsufficientFunds = useCallback(() => setInsufficientFunds(false), []);
  return { submit, pending, insufficientFunds, dismissInsufficientFunds };
}
