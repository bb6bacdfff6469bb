import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { BetError } from '../bet-request';
import { useAutoBet } from './auto-bet';

describe('useAutoBet', () => {
  it('places the set number of bets, adding up the profit', async () => {
    const placeBet = vi.fn().mockResolvedValue({ amount: 2, payout: 3.96 });
    const { result } = renderHook(() => useAutoBet({ placeBet, delayMs: 0 }));
    act(() => result.current.start({ count: 4, stopOnProfit: null, stopOnLoss: null }));
    await waitFor(() => expect(result.current.stopReason).toBe('count'));
    expect(placeBet).toHaveBeenCalledTimes(4);
    expect(result.current.progress).toEqual({ played: 4, profitMinor: 784 });
    expect(result.current.running).toBe(false);
  });

  it('stops on the first failed bet, telling insufficient funds apart', async () => {
    const placeBet = vi
      .fn()
      .mockResolvedValueOnce({ amount: 1, payout: 0 })
      .mockRejectedValueOnce(new BetError('insufficient_funds'));
    const { result } = renderHook(() => useAutoBet({ placeBet, delayMs: 0 }));
    act(() => result.current.start({ count: 0, stopOnProfit: null, stopOnLoss: null }));
    await waitFor(() => expect(result.current.stopReason).toBe('insufficient_funds'));
    expect(placeBet).toHaveBeenCalledTimes(2);
    expect(result.current.progress.played).toBe(1);

    placeBet.mockReset().mockRejectedValue(new Error('Network Error'));
    act(() => result.current.start({ count: 0, stopOnProfit: null, stopOnLoss: null }));
    await waitFor(() => expect(result.current.stopReason).toBe('error'));
    expect(placeBet).toHaveBeenCalledTimes(1);
  });

  it('stops when asked, after the bet in flight', async () => {
    let release: (value: { amount: number; payout: number }) => void = () => {};
    const placeBet = vi.fn(
      () => new Promise<{ amount: number; payout: number }>((resolve) => (release = resolve)),
    );
    const { result } = renderHook(() => useAutoBet({ placeBet, delayMs: 0 }));
    act(() => result.current.start({ count: 0, stopOnProfit: null, stopOnLoss: null }));
    expect(result.current.running).toBe(true);
    act(() => result.current.stop());
    await act(async () => release({ amount: 1, payout: 2 }));
    await waitFor(() => expect(result.current.stopReason).toBe('stopped'));
    expect(placeBet).toHaveBeenCalledTimes(1);
    expect(result.current.progress).toEqual({ played: 1, profitMinor: 100 });
  });
});
