import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
import type { Invoice } from '@/lib/contracts/billing';
import type { Currency } from '@/lib/constants/currencies';
import { INVOICE_LIFE_TIME_S } from '@/lib/constants/timing';

/** The invoice being paid: what the server answered, the currency shown, and when it stops living. */
export interface InvoiceConfig {
  invoice: Invoice;
  currency: Currency;
  /** Epoch milliseconds: creation time + `life_time` (default {@link INVOICE_LIFE_TIME_S}). */
  expiresAt: number;
}

/** How an invoice stopped: paid, ran out of time, refused by the provider, or given up by the player. */
export type InvoiceEnd = 'paid' | 'expired' | 'failed' | 'cancelled';

interface InvoiceState {
  config: InvoiceConfig | null;
  /** How the last invoice ended, for PayIn to explain; null while one lives or after a new one. */
  lastEnd: InvoiceEnd | null;
  /** Keeps a new invoice; it lives `life_time` seconds from `now`. */
  setInvoice: (invoice: Invoice, currency: Currency, now?: number) => void;
  /** Moves the end to `now + secondsLeft` (the status call's `life_time` is the seconds left). */
  syncExpiry: (secondsLeft: number, now?: number) => void;
  /** Drops the invoice and remembers why. */
  end: (why: InvoiceEnd) => void;
  /** Forgets why the last invoice ended (the explanation was shown). */
  acknowledge: () => void;
  clear: () => void;
}

/** Key of the persisted invoice in sessionStorage. */
export const INVOICE_STORAGE_KEY = 'billing-invoice';

/**
 * The current deposit invoice (spec section 4), kept in sessionStorage so a reload keeps it while it
 * lives; cleared when it is paid or expires.
 */
export const useInvoiceStore = create<InvoiceState>()(
  persist(
    (set) => ({
      config: null,
      lastEnd: null,
      setInvoice: (invoice, currency, now = Date.now()) =>
        set({
          lastEnd: null,
          config: { invoice, currency, expiresAt: now + (invoice.life_time || INVOICE_LIFE_TIME_S) * 1000 },
        }),
      syncExpiry: (left, now = Date.now()) =>
        set((state) =>
          state.config ? { config: { ...state.config, expiresAt: now + left * 1000 } } : state,
        ),
      end: (why) => set({ config: null, lastEnd: why }),
      acknowledge: () => set({ lastEnd: null }),
      clear: () => set({ config: null, lastEnd: null }),
    }),
    {
      name: INVOICE_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: (state) => ({ config: state.config, lastEnd: state.lastEnd }),
    },
  ),
);

/** Whole seconds left until `expiresAt`, never below 0. */
export function secondsLeft(expiresAt: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((expiresAt - now) / 1000));
}
