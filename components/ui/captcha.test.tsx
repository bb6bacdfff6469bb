import { act, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import messages from '@/messages/en.json';

const widget = vi.hoisted(() => ({ mode: 'error' as 'error' | 'silent' | 'load' }));

vi.mock('next/dynamic', () => ({
  default: () =>
    function FakeHCaptcha(props: { onError?: (e: string) => void; onLoad?: () => void }) {
      if (widget.mode === 'error') setTimeout(() => props.onError?.('network-error'), 0);
      if (widget.mode === 'load') setTimeout(() => props.onLoad?.(), 0);
      return <div data-testid="hcaptcha-widget" />;
    },
}));

async function renderCaptcha() {
  vi.stubEnv('NEXT_PUBLIC_HCAPTCHA_SITE_KEY', 'site-key');
  vi.resetModules();
  const { Captcha } = await import('@/components/ui/captcha');
  const states: string[] = [];
  const onToken = vi.fn();
  render(
    <NextIntlClientProvider locale="en" messages={messages}>
      <Captcha onToken={onToken} onState={(s) => states.push(s)} language="en" />
    </NextIntlClientProvider>,
  );
  return { states, onToken };
}

describe('Captcha', () => {
  beforeEach(() => vi.useFakeTimers({ shouldAdvanceTime: true }));
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllEnvs();
  });

  it('says the check could not load and reports the failure when the script fails', async () => {
    widget.mode = 'error';
    const { states, onToken } = await renderCaptcha();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(screen.getByRole('alert')).toHaveTextContent('The robot check could not load');
    expect(states.at(-1)).toBe('failed');
    expect(onToken).toHaveBeenCalledWith(null);
  });

  it('gives up after 10 s when the script never answers', async () => {
    widget.mode = 'silent';
    const { states } = await renderCaptcha();
    expect(states.at(-1)).toBe('loading');
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(states.at(-1)).toBe('failed');
  });

  it('is ready when the script loads', async () => {
    widget.mode = 'load';
    const { states } = await renderCaptcha();
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(states.at(-1)).toBe('ready');
    expect(screen.getByTestId('hcaptcha-widget')).toBeInTheDocument();
  });
});
