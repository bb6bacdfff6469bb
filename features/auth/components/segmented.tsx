'use client';

import { useId } from 'react';

/** A two-or-more-way switch built from radio buttons, so arrow keys and screen readers work. */
export function Segmented<V extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: V;
  onChange: (value: V) => void;
  options: { value: V; label: string }[];
}) {
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={label}
      className="grid auto-cols-fr grid-flow-col gap-1 rounded-xl bg-panel-2 p-1"
    >
      {options.map((option) => (
        <label
          key={option.value}
          className={`cursor-pointer rounded-lg px-3 py-2 text-center text-sm font-medium has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-gold ${
            value === option.value ? 'bg-gold text-ink' : 'text-muted hover:text-white'
          }`}
        >
          <input
            type="radio"
            name={name}
            className="sr-only"
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}
