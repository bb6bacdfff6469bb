'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { useCallback, useRef, useState } from 'react';
import { isAxiosError, statusOf, validationErrorsOf } from '@/lib/api/errors';
import { notifyRequestError } from '@/lib/api/notify-request-error';
import type { PlaceSportBetBody } from '@/lib/contracts/sports';
import { useScopedErrorTranslator } from '@/lib/i18n/use-error-translator';
import { invalidateBalances } from '@/lib/session/invalidate-balances';
import { notify } from '@/lib/stores/notification-store';
import { translateValidationMessage, type ErrorTranslator } from '@/lib/validation-errors';
import { sportsBetKeys } from '../bets/api/query-keys';
import { placeSportBet } from './api/place-bet';
import { parseOddsEntries, quoteSlip } from './slip-math';
import { useSlipStore, type SlipSelection } from './slip-store';

/** A fresh idempotency key; `crypto.randomUUID` needs a secure context, so fall back to random bytes. */
export function newBetKey(): string {
  const cryptoApi = globalThis.crypto;
  if (typeof cryptoApi?.randomUUID === 'function') return cryptoApi.randomUUID();
  const bytes = new Uint8Array(16);
  cryptoApi.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The key of an error entry `"<key>: <text>"`, and its text. */
const entryKey = (entry: string) => entry.split(':')[0].trim();
const entryText = (entry: string) => entry.slice(entry.indexOf(':') + 1).trim();
const entriesOf = (value: readonly string[] | string | null | undefined): string[] =>
  value == null ? [] : typeof value === 'string' ? [value] : [...value];

/** An answer that may not say what happened to the bet: no response, or a server failure. */
const outcomeUnknown = (error: unknown) => {
  if (!isAxiosError(error)) return false;
  const status = statusOf(error);
  return status === null || status >= 500;
};

/**
 * Error texts of the slip: `sportsSlip.errors.<key>` first (the sportsbook's 422 keys), then the common
 * `error.<key>` (spec section 5), else the raw key.
 */
function useSlipErrorTranslator(): ErrorTranslator {
  return useScopedErrorTranslator('sportsSlip.errors');
}

export interface PlaceSlip {
  /** Places what the slip holds: one bet, or one single per selection. */
  place: () => Promise<void>;
  pending: boolean;
  /** The server's refusal of the stake (under the field), and whether it was for lack of money. */
  stakeError: string | null;
  insufficientFunds: boolean;
  /** A refusal about the selections that is not one selection's mark (shown above the button). */
  slipError: string | null;
  /** Forgets the server's last refusal (the player changed what it was about). */
  resetErrors: () => void;
}

/**
 * Placing the slip (`POST /sports/bets`, issue 18). Each attempt carries a fresh idempotency key, except
 * that a bet whose last attempt ended without a known outcome (no answer, a 5xx) is sent again with the
 * same key, so the server answers that bet rather than taking a second one. After a bet: the success
 * notification, the placed selections leave the slip (the stake stays), the header balance shows the
 * server's and the player's bets are read again. A refusal (422): `odds_changed` takes the server's odds
 * into the slip (the slip then asks to accept them), `suspended` marks the selections it names, stake
 * errors go under the field, the others are one error notification.
 */
export function usePlaceSlip(): PlaceSlip {
  const t = useTranslations('sportsSlip');
  const translator = useSlipErrorTranslator();
  const queryClient = useQueryClient();
  const unsettled = useRef(new Map<string, string>());
  const inFlight = useRef(false);
  const [pending, setPending] = useState(false);
  const [stakeError, setStakeError] = useState<string | null>(null);
  const [insufficientFunds, setInsufficientFunds] = useState(false);
  const [slipError, setSlipError] = useState<string | null>(null);

  const resetErrors = useCallback(() => {
    setStakeError(null);
    setInsufficientFunds(false);
    setSlipError(null);
  }, []);

  /** Shows a refusal: a 422 where the slip shows each part, anything else as the usual notification. */
  const showRefusal = useCallback(
    (error: unknown, sent: readonly SlipSelection[]) => {
      const errors = validationErrorsOf(error);
      if (!errors) {
        notifyRequestError(error, translator);
        return;
      }
      const store = useSlipStore.getState();
      const others: string[] = [];
      for (const [field, value] of Object.entries(errors)) {
        const entries = entriesOf(value);
        if (field === 'odds') continue; // read with `odds_changed`
        if (field === 'stake') {
          setStakeError(entries.map((entry) => translateValidationMessage(entry, translator)).join(' '));
          if (entries.some((entry) => entryKey(entry) === 'insufficient_funds')) setInsufficientFunds(true);
          continue;
        }
        for (const entry of entries) {
          const key = entryKey(entry);
          if (field === 'selections' && key === 'odds_changed') {
            store.applyOdds(parseOddsEntries(errors.odds));
          } else if (field === 'selections' && key === 'suspended') {
            const text = entryText(entry);
            const named = sent.filter((s) => text.includes(s.outcome_id)).map((s) => s.outcome_id);
            if (named.length > 0) store.markSuspended(named);
            else setSlipError(translateValidationMessage(entry, translator));
          } else {
            others.push(translateValidationMessage(entry, translator));
          }
        }
      }
      if (others.length > 0) notify({ kind: 'error', text: others.join('\n') });
    },
    [translator],
  );

  const place = useCallback(async () => {
    if (inFlight.current) return;
    const { selections, kind, systemK, accept, stake } = useSlipStore.getState();
    const quote = quoteSlip(selections, kind, systemK, stake);
    if (selections.length === 0 || quote.stake === null) return;
    inFlight.current = true;
    setPending(true);
    resetErrors();
    // A single per selection, or the one express or system of all of them.
    const bets: { legs: SlipSelection[]; body: Omit<PlaceSportBetBody, 'key'> }[] =
      quote.kind === 'single'
        ? selections.map((s) => ({
            legs: [s],
            body: {
              kind: 'single',
              stake: quote.stake!,
              accept,
              selections: [{ outcome_id: s.outcome_id, odds: s.odds }],
            },
          }))
        : [
            {
              legs: selections,
              body: {
                kind: quote.kind,
                ...(quote.systemK === null ? {} : { system_k: quote.systemK }),
                stake: quote.stake,
                accept,
                selections: selections.map((s) => ({ outcome_id: s.outcome_id, odds: s.odds })),
              },
            },
          ];
    const placed: string[] = [];
    let balance: number | undefined;
    try {
      for (const bet of bets) {
        const fingerprint = JSON.stringify(bet.body);
        const key = unsettled.current.get(fingerprint) ?? newBetKey();
        unsettled.current.set(fingerprint, key);
        try {
          const reply = await placeSportBet({ ...bet.body, key });
          unsettled.current.delete(fingerprint);
          balance = reply.balance;
          placed.push(...bet.legs.map((s) => s.outcome_id));
        } catch (error) {
          if (!outcomeUnknown(error)) unsettled.current.delete(fingerprint);
          showRefusal(error, bet.legs);
          break;
        }
      }
    } finally {
      if (placed.length > 0) {
        const store = useSlipStore.getState();
        if (placed.length === store.selections.length) store.clearSelections();
        else placed.forEach((id) => store.remove(id));
        const count = quote.kind === 'single' ? placed.length : 1;
        notify({
          kind: 'success',
          text: count < bets.length ? t('placedSome', { placed: count }) : t('placed', { count }),
        });
        invalidateBalances(queryClient, balance);
        void queryClient.invalidateQueries({ queryKey: sportsBetKeys.all });
      }
      inFlight.current = false;
      setPending(false);
    }
  }, [queryClient, resetErrors, showRefusal, t]);

  return { place, pending, stakeError, insufficientFunds, slipError, resetErrors };
}
