import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { BetAmountInput } from './bet-amount-input';

function Harness({ initial, min = 1, max = 10_000 }: { initial: string; min?: number; max?: number }) {
  const [value, setValue] = useState(initial);
  return <BetAmountInput value={value} onChange={setValue} min={min} max={max} currency="RUB" />;
}

const input = () => screen.getByLabelText('Bet amount') as HTMLInputElement;

describe('BetAmountInput', () => {
  it('halves, doubles and jumps to the limits with its buttons', () => {
    renderWithApp(<Harness initial="10.00" />);
    fireEvent.click(screen.getByRole('button', { name: '½', description: 'Halve the amount' }));
    expect(input().value).toBe('5.00');
    fireEvent.click(screen.getByRole('button', { name: '×2', description: 'Double the amount' }));
    fireEvent.click(screen.getByRole('button', { name: '×2', description: 'Double the amount' }));
    expect(input().value).toBe('20.00');
    fireEvent.click(screen.getByRole('button', { name: 'Max', description: 'Maximum bet' }));
    expect(input().value).toBe('10000.00');
    fireEvent.click(screen.getByRole('button', { name: '×2', description: 'Double the amount' }));
    expect(input().value).toBe('10000.00');
    fireEvent.click(screen.getByRole('button', { name: 'Min', description: 'Minimum bet' }));
    expect(input().value).toBe('1.00');
    fireEvent.click(screen.getByRole('button', { name: '½', description: 'Halve the amount' }));
    expect(input().value).toBe('1.00');
  });

  it('says when the typed amount is outside the limits and clamps it on blur', () => {
    renderWithApp(<Harness initial="10.00" />);
    fireEvent.change(input(), { target: { value: '20000' } });
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('bet-amount-error')).toHaveTextContent('The maximum bet is ₽10,000.00');
    fireEvent.blur(input());
    expect(input().value).toBe('10000.00');
    expect(screen.queryByTestId('bet-amount-error')).toBeNull();

    fireEvent.change(input(), { target: { value: '0.5' } });
    expect(screen.getByTestId('bet-amount-error')).toHaveTextContent('The minimum bet is');
    fireEvent.blur(input());
    expect(input().value).toBe('1.00');
  });
});
