import { describe, expect, it, vi } from 'vitest';
import { applyWhenIdle, updateDecision, UPDATE_RETRY_MS } from './update-flow';

describe('the update flow', () => {
  it('reloads only when no dialog is open and no bet or deposit is in flight', () => {
    expect(updateDecision({ openDialogs: 0, pendingMutations: 0 })).toBe('reload');
    expect(updateDecision({ openDialogs: 1, pendingMutations: 0 })).toBe('wait');
    expect(updateDecision({ openDialogs: 0, pendingMutations: 2 })).toBe('wait');
  });

  it('applies the update at once when the player is idle', () => {
    const apply = vi.fn();
    applyWhenIdle(() => ({ openDialogs: 0, pendingMutations: 0 }), apply);
    expect(apply).toHaveBeenCalledOnce();
  });

  it('waits while a dialog is open and applies the update once it closes', () => {
    vi.useFakeTimers();
    try {
      const state = { openDialogs: 1, pendingMutations: 0 };
      const apply = vi.fn();
      applyWhenIdle(() => state, apply);
      vi.advanceTimersByTime(UPDATE_RETRY_MS * 5);
      expect(apply).not.toHaveBeenCalled();
      state.openDialogs = 0;
      state.pendingMutations = 1;
      vi.advanceTimersByTime(UPDATE_RETRY_MS * 5);
      expect(apply).not.toHaveBeenCalled();
      state.pendingMutations = 0;
      vi.advanceTimersByTime(UPDATE_RETRY_MS);
      expect(apply).toHaveBeenCalledOnce();
      vi.advanceTimersByTime(UPDATE_RETRY_MS * 5);
      expect(apply).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });

  it('can be cancelled while waiting', () => {
    vi.useFakeTimers();
    try {
      const apply = vi.fn();
      const cancel = applyWhenIdle(() => ({ openDialogs: 1, pendingMutations: 0 }), apply);
      cancel();
      vi.advanceTimersByTime(UPDATE_RETRY_MS * 5);
      expect(apply).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
