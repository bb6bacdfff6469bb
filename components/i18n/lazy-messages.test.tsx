import { render, screen } from '@testing-library/react';
import { NextIntlClientProvider, useTranslations } from 'next-intl';
import { describe, expect, it } from 'vitest';
import messages from '@/messages/en.json';
import { LazyMessages } from './lazy-messages';

function Texts() {
  const auth = useTranslations('auth');
  const nav = useTranslations('nav');
  return (
    <p data-testid="texts">
      {auth('close')} / {nav('home')}
    </p>
  );
}

describe('LazyMessages', () => {
  it('adds the namespaces the page did not send, keeping the page’s own', async () => {
    render(
      <NextIntlClientProvider locale="en" messages={{ nav: messages.nav }} timeZone="UTC">
        <LazyMessages namespaces={['auth']}>
          <Texts />
        </LazyMessages>
      </NextIntlClientProvider>,
    );
    expect(await screen.findByTestId('texts')).toHaveTextContent(
      `${messages.auth.close} / ${messages.nav.home}`,
    );
  });
});
