import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOOLTIP_SHOW_DELAY_MS } from '@/lib/constants/timing';
import { stubResizeObserver } from '@/tests/utils/resize-observer';
import { Tooltip } from './tooltip';

stubResizeObserver();

function renderRemove(theme?: 'white' | 'gray' | 'regdep') {
  render(
    <Tooltip content="Stays in force for 24 more hours." theme={theme} testId="tip">
      <button type="button">Remove</button>
    </Tooltip>,
  );
  return screen.getByRole('button', { name: 'Remove' });
}

describe('Tooltip', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows 200 ms after the pointer rests on the trigger, not before, as its description', () => {
    const trigger = renderRemove();
    fireEvent.pointerMove(trigger, { pointerType: 'mouse' });
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAccessibleDescription();

    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Stays in force for 24 more hours.');
    expect(trigger).toHaveAccessibleDescription('Stays in force for 24 more hours.');
  });

  it('shows at once on keyboard focus and hides on Escape', () => {
    const trigger = renderRemove();
    act(() => trigger.focus());
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(trigger, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(trigger).not.toHaveAccessibleDescription();
  });

  it('does not open on touch', () => {
    const trigger = renderRemove();
    fireEvent.pointerMove(trigger, { pointerType: 'touch' });
    act(() => vi.advanceTimersByTime(TOOLTIP_SHOW_DELAY_MS * 5));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it.each([
    ['white', 'bg-white', 'text-ink'],
    ['gray', 'bg-panel-2', 'text-white'],
    ['regdep', 'bg-gold', 'text-ink'],
  ] as const)('wears the %s theme', (theme, background, text) => {
    const trigger = renderRemove(theme);
    act(() => trigger.focus());
    const content = screen.getByTestId('tip');
    expect(content).toHaveAttribute('data-theme', theme);
    expect(content).toHaveClass(background, text);
  });
});
