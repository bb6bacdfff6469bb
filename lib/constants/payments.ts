/** Payment constants of spec sections 4, 5 and 9. */

/** Amount limits used when a payment method gives none (spec section 5 and 9). */
export const PAYMENT_AMOUNT_FALLBACK = { min: 100, max: 300_000, default: 100 } as const;
export const PAYMENT_MIN_AMOUNT_FALLBACK = PAYMENT_AMOUNT_FALLBACK.min;
export const PAYMENT_MAX_AMOUNT_FALLBACK = PAYMENT_AMOUNT_FALLBACK.max;
export const PAYMENT_DEFAULT_AMOUNT_FALLBACK = PAYMENT_AMOUNT_FALLBACK.default;

/** Invoice status meaning "paid" (`GET /billing/payment/status/{invoiceId}`). */
export const INVOICE_STATUS_PAID = 3;

export interface PaymentAmountLimits {
  min: number;
  max: number;
  default: number;
}

/** The limit fields of a payment method as the billing data sends them. */
export interface PaymentMethodLimitFields {
  min_amount?: number | null;
  max_amount?: number | null;
  default_amount?: number | null;
}

/**
 * A method's amount limits, each falling back to {@link PAYMENT_AMOUNT_FALLBACK} when the method gives
 * none. "None" is missing, null, not a finite number, or not above zero (a limit of 0 is read as unset).
 */
export function resolvePaymentAmountLimits(
  method: PaymentMethodLimitFields | null | undefined,
): PaymentAmountLimits {
  const pick = (value: number | null | undefined, fallback: number) =>
    typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : fallback;
  return {
    min: pick(method?.min_amount, PAYMENT_AMOUNT_FALLBACK.min),
    max: pick(method?.max_amount, PAYMENT_AMOUNT_FALLBACK.max),
    default: pick(method?.default_amount, PAYMENT_AMOUNT_FALLBACK.default),
  };
}
