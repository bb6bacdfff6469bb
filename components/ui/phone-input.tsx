'use client';

import { useId } from 'react';
import { PHONE_COUNTRIES, PHONE_MASKS, phoneInputMask, type PhoneCountry } from '@/lib/constants/phone-masks';
import { applyMask } from '@/lib/masks';

export interface PhoneValue {
  country: PhoneCountry;
  /** The national part as typed, formatted with the country's mask. */
  national: string;
}

/** The number in E.164 (`+77011234567`), or null while the mask is not filled. */
export function toE164({ country, national }: PhoneValue): string | null {
  const digits = national.replace(/\D/g, '');
  const needed = (phoneInputMask(country).match(/#/g) ?? []).length;
  return digits.length === needed ? `${PHONE_MASKS[country].code}${digits}` : null;
}

/**
 * A phone field with the country masks of spec section 3: a country code select and the national
 * number formatted as it is typed (`#` digit tokens).
 */
export function PhoneInput({
  value,
  onChange,
  label,
  countryLabel,
  countryNames,
  error,
  id,
  autoFocus,
}: {
  value: PhoneValue;
  onChange: (value: PhoneValue) => void;
  label: string;
  countryLabel: string;
  countryNames: Record<PhoneCountry, string>;
  error?: string;
  id?: string;
  autoFocus?: boolean;
}) {
  const generated = useId();
  const inputId = id ?? generated;
  const errorId = `${inputId}-error`;
  const mask = phoneInputMask(value.country);
  return (
    <div>
      <label htmlFor={inputId} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      <div className="flex gap-2">
        <select
          aria-label={countryLabel}
          value={value.country}
          onChange={(event) => {
            const country = event.target.value as PhoneCountry;
            onChange({
              country,
              national: applyMask(value.national.replace(/\D/g, ''), phoneInputMask(country)),
            });
          }}
          className="min-h-11 rounded-xl border border-line bg-panel-2 px-2"
        >
          {PHONE_COUNTRIES.map((country) => (
            <option key={country} value={country}>
              {PHONE_MASKS[country].code} {countryNames[country]}
            </option>
          ))}
        </select>
        <input
          id={inputId}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          autoFocus={autoFocus}
          placeholder={mask.replaceAll('#', '_')}
          value={value.national}
          onChange={(event) => onChange({ ...value, national: applyMask(event.target.value, mask) })}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className="min-h-11 w-full min-w-0 rounded-xl border border-line bg-panel-2 px-3 tabular-nums"
        />
      </div>
      {error ? (
        <p id={errorId} className="mt-1 text-sm text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
