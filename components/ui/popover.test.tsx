import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POPOVER_DISPOSE_TIMEOUT_MS } from '@/lib/constants/timing';
import { stubResizeObserver } from '@/tests/utils/resize-observer';
import { Popover, preloadPopover } from './popover';

stubResizeObserver();

const loaded = vi.hoisted(() => ({ count: 0 }));
vi.mock('./popover-view', async (importOriginal) => {
  loaded.count += 1;
  return importOriginal();
});

function renderHelp(theme?: 'white' | 'gray' | 'regdep') {
  render(
    <>
      <p>Before</p>
      <Popover label="What is wagering?" title="Wagering" closeLabel="Close" theme={theme} testId="help">
        <p>Bet the bonus 35 times.</p>
      </Popover>
      <button type="button">Elsewhere</button>
    </>,
  );
  return screen.getByRole('button', { name: 'What is wagering?' });
}

/** Lets the lazily loaded view resolve and render. */
const settle = () => act(async () => {});

describe('Popover', () => {
  it('loads Radix only when the trigger is used, not with the page', async () => {
    renderHelp();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(loaded.count).toBe(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'What is wagering?' }));
    await settle();
    expect(loaded.count).toBe(1);
  });

  describe('once loaded', () => {
    beforeAll(async () => {
      await preloadPopover();
    });
    beforeEach(() => {
      vi.useFakeTimers();
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('opens on a press as a named dialog described by its text, wired to its trigger', async () => {
      const trigger = renderHelp();
      expect(trigger).toHaveAttribute('aria-haspopup', 'dialog');
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      expect(trigger).not.toHaveAttribute('aria-controls');

      fireEvent.click(trigger);
      await settle();
      const dialog = screen.getByRole('dialog', { name: 'Wagering' });
      expect(dialog).toHaveAccessibleDescription('Bet the bonus 35 times.');
      expect(trigger).toHaveAttribute('aria-expanded', 'true');
      expect(trigger).toHaveAttribute('aria-controls', dialog.id);
      expect(dialog).toHaveFocus();
    });

    it('is named by its label when it has no title', async () => {
      render(
        <Popover label="About nonces" closeLabel="Close">
          Counts bets.
        </Popover>,
      );
      fireEvent.click(screen.getByRole('button', { name: 'About nonces' }));
      await settle();
      expect(screen.getByRole('dialog', { name: 'About nonces' })).toHaveAccessibleDescription(
        'Counts bets.',
      );
    });

    it('closes on Escape, gives the focus back to the trigger, and is removed 150 ms later, not before', async () => {
      const trigger = renderHelp();
      fireEvent.click(trigger);
      await settle();
      const content = screen.getByTestId('help');

      fireEvent.keyDown(content, { key: 'Escape' });
      await settle();
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      expect(trigger).not.toHaveAttribute('aria-controls');
      expect(trigger).toHaveFocus();
      // Fading out: still there, closed and inert.
      expect(content).toBeInTheDocument();
      expect(content).toHaveAttribute('data-state', 'closed');
      expect(content).toHaveAttribute('inert');

      act(() => vi.advanceTimersByTime(POPOVER_DISPOSE_TIMEOUT_MS - 1));
      expect(screen.getByTestId('help')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(1));
      expect(screen.queryByTestId('help')).not.toBeInTheDocument();
    });

    it('closes with its close button and with the trigger pressed again', async () => {
      const trigger = renderHelp();
      fireEvent.click(trigger);
      await settle();
      fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      await settle();
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      expect(trigger).toHaveFocus();

      fireEvent.click(trigger);
      await settle();
      expect(screen.getByRole('dialog', { name: 'Wagering' })).toHaveAttribute('data-state', 'open');
      fireEvent.click(trigger);
      await settle();
      expect(trigger).toHaveAttribute('aria-expanded', 'false');
      act(() => vi.advanceTimersByTime(POPOVER_DISPOSE_TIMEOUT_MS));
      expect(screen.queryByTestId('help')).not.toBeInTheDocument();
    });

    it('reopened while it fades out, stays', async () => {
      const trigger = renderHelp();
      fireEvent.click(trigger);
      await settle();
      fireEvent.keyDown(screen.getByTestId('help'), { key: 'Escape' });
      await settle();
      act(() => vi.advanceTimersByTime(POPOVER_DISPOSE_TIMEOUT_MS - 50));
      fireEvent.click(trigger);
      await settle();
      act(() => vi.advanceTimersByTime(POPOVER_DISPOSE_TIMEOUT_MS * 2));
      expect(screen.getByRole('dialog', { name: 'Wagering' })).toHaveAttribute('data-state', 'open');
    });

    it.each([
      ['white', 'bg-white', 'text-ink'],
      ['gray', 'bg-panel-2', 'text-white'],
      ['regdep', 'bg-gold', 'text-ink'],
    ] as const)('wears the %s theme', async (theme, background, text) => {
      fireEvent.click(renderHelp(theme));
      await settle();
      const content = screen.getByTestId('help');
      expect(content).toHaveAttribute('data-theme', theme);
      expect(content).toHaveClass(background, text);
    });

    it('shows its label as the trigger text when asked', () => {
      render(
        <Popover label="Why 24 hours?" closeLabel="Close" showLabel>
          A pause.
        </Popover>,
      );
      const trigger = screen.getByRole('button', { name: 'Why 24 hours?' });
      expect(trigger).toHaveTextContent('Why 24 hours?');
      expect(trigger).not.toHaveAttribute('aria-label');
    });
  });
});
