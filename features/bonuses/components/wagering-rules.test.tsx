import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from '@/lib/stores/session-store';
import { bonusHandlers, createBonusBackend } from '@/tests/mocks/bonus-handlers';
import { testUser } from '@/tests/mocks/fixtures';
import { withMockServer } from '@/tests/mocks/server';
import { renderWithApp } from '@/tests/utils/render-with-app';
import { stubResizeObserver } from '@/tests/utils/resize-observer';
import kz from '@/messages/kz.json';
import ru from '@/messages/ru.json';
import { BonusesScreen } from './bonuses-screen';
import { ProfileBonuses } from './profile-bonuses';
import { WageringRules } from './wagering-rules';

vi.mock('@/lib/i18n/navigation', () => ({
  Link: ({ href, children, ...rest }: { href: string; children: React.ReactNode }) => (
    <a href={href} {...rest}>
      {children}
    </a>
  ),
  useRouter: () => ({ push: vi.fn(), replace: vi.fn() }),
  usePathname: () => '/bonuses',
}));

const server = withMockServer();
stubResizeObserver();

const rowsOf = (section: HTMLElement) =>
  within(section)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [
      within(row).getByRole('rowheader').textContent,
      within(row).getByRole('cell').textContent,
    ]);

describe('WageringRules', () => {
  it('shows the share each game counts and the bets that count nothing', () => {
    renderWithApp(<WageringRules />);
    const section = screen.getByRole('region', { name: 'How bets count towards wagering' });
    expect(
      within(section).getByRole('table', { name: 'Share of the stake each game counts towards wagering' }),
    ).toBeVisible();
    expect(rowsOf(section)).toEqual([
      ['Cases', '100%'],
      ['Roulette', '50%'],
      ['Dice', '20%'],
      ['Coinflip', '20%'],
      ['Keno', '20%'],
      ['Hilo', '20%'],
      ['Miner', '20%'],
      ['Slots and live games', '100%'],
      ['Sports bets (once settled)', '100%'],
    ]);
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A bet whose chance to pay back at least its stake is above 80%, such as a dice roll at 98%.',
      'A roulette spin with chips on both red and black, odd and even, or low and high.',
      'Hilo and miner rounds count when they end, by the chance that every move played wins: a round with more than that chance counts nothing either.',
      'A sports bet at odds below 1.50 (an express: its total odds; a system: its lowest combination), a void bet and a cashed-out bet.',
    ]);
  });

  it('explains what wagering is in a popover opened by a press, in the registration-deposit theme', async () => {
    renderWithApp(<WageringRules />);
    const section = screen.getByRole('region', { name: 'How bets count towards wagering' });
    const help = within(section).getByRole('button', { name: 'What is wagering?' });
    expect(help).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(help);
    const popover = await screen.findByRole('dialog', { name: 'Wagering' });
    expect(popover).toHaveAccessibleDescription(/A bonus of 1,000 with wager ×35 needs 35,000 in bets/);
    expect(popover).toHaveTextContent('Cancelling the bonus forfeits it');
    expect(popover).toHaveAttribute('data-theme', 'regdep');
    expect(help).toHaveAttribute('aria-expanded', 'true');
    await userEvent.keyboard('{Escape}');
    expect(help).toHaveAttribute('aria-expanded', 'false');
    expect(help).toHaveFocus();
  });

  it('speaks Russian and Kazakh', () => {
    for (const [locale, messages, title, cases, help] of [
      ['ru', ru, 'Как ставки засчитываются в отыгрыш', 'Кейсы', 'Что такое отыгрыш?'],
      ['kz', kz, 'Ставкалар отыгрышқа қалай есептеледі', 'Кейстер', 'Отыгрыш деген не?'],
    ] as const) {
      const { unmount } = render(
        <NextIntlClientProvider locale={locale} messages={messages} timeZone="UTC">
          <WageringRules />
        </NextIntlClientProvider>,
      );
      const section = screen.getByRole('region', { name: title });
      expect(rowsOf(section)[0]).toEqual([cases, '100%']);
      expect(within(section).getByRole('button', { name: help })).toBeVisible();
      expect(within(section).getAllByRole('listitem')[0].textContent).toContain('80%');
      unmount();
    }
  });
});

describe('the bonus pages show the wagering rules', () => {
  beforeEach(() => {
    server.use(...bonusHandlers(createBonusBackend()));
  });

  it('/bonuses, for a guest', async () => {
    act(() => useSessionStore.getState().clearSession());
    renderWithApp(<BonusesScreen />);
    expect(await screen.findByRole('region', { name: 'How bets count towards wagering' })).toBeVisible();
  });

  it('/profile/bonuses, for a player', async () => {
    act(() => useSessionStore.setState({ token: 't', isLoggedIn: true, user: testUser }));
    renderWithApp(<ProfileBonuses />);
    const section = await screen.findByRole('region', { name: 'How bets count towards wagering' });
    expect(rowsOf(section)).toHaveLength(9);
  });
});
