import { describe, it } from 'vitest';
import { agree } from '@/tests/utils/agree-with-contract';
import type { Check } from '@/lib/api/check';
import * as contract from '@/lib/contracts/casino';
import { casinoGame, casinoGameDetail } from '@/tests/mocks/casino-fixtures';
import * as checks from './replies';

const game = casinoGame('aurora-wilds', 'Aurora Wilds', { tags: ['new'] });
const with_ = (changes: Record<string, unknown>) => ({ ...game, ...changes });
const without = (key: string) => Object.fromEntries(Object.entries(game).filter(([name]) => name !== key));

describe('the casino replies checked without zod agree with the contract', () => {
  it('a page of games', () => {
    const page = (items: unknown[]) => ({ items, total: items.length, page: 1, per_page: 24 });
    agree(
      checks.casinoGamesReply as Check<unknown>,
      contract.casinoGamesReply,
      [page([]), page([game, with_({ rtp: null, volatility: null, thumbnail: null, extra: 1 })])],
      [
        page([with_({ lobby: 'sports' })]),
        page([with_({ tags: ['hot'] })]),
        page([with_({ volatility: 'extreme' })]),
        page([without('provider_name')]),
        page([with_({ demo: 'yes' })]),
        { ...page([]), total: 1.5 },
        null,
      ],
    );
  });

  it('one game with the player’s free spins', () => {
    const detail = casinoGameDetail('aurora-wilds', 'Aurora Wilds', {
      release_date: '2026-10-01',
      free_spins: 50,
    });
    agree(
      checks.casinoGameDetail as Check<unknown>,
      contract.casinoGameDetail,
      [detail, { ...detail, release_date: null }],
      [
        { ...detail, free_spins: undefined },
        { ...detail, platforms: ['tv'] },
      ],
    );
  });

  it('filters, lists, the launch and the tables', () => {
    agree(
      checks.casinoFiltersReply as Check<unknown>,
      contract.casinoFiltersReply,
      [{ providers: [{ code: 'aurum-studio', name: 'Aurum Studio', count: 4 }], categories: [] }],
      [{ providers: [{ code: 'a', name: 'A' }], categories: [] }, { providers: [] }],
    );
    agree(
      checks.casinoGameListReply as Check<unknown>,
      contract.casinoGameListReply,
      [{ items: [game] }],
      [{}],
    );
    agree(
      checks.casinoLaunchReply as Check<unknown>,
      contract.casinoLaunchReply,
      [{ url: 'http://localhost:4100/play/x', mode: 'demo' }],
      [{ url: 'http://localhost:4100/play/x', mode: 'fun' }, { mode: 'real' }],
    );
    const table = {
      game_code: 'studio-roulette',
      round_id: '12',
      phase: 'betting',
      ends_at: '2026-11-26T10:00:00.000Z',
      players: 2,
      last_results: ['17', '0'],
    };
    agree(
      checks.casinoTablesReply as Check<unknown>,
      contract.casinoTablesReply,
      [
        { items: [table, { ...table, ends_at: null }], available: true },
        { items: [], available: false },
      ],
      [{ items: [{ ...table, players: '2' }], available: true }, { items: [] }],
    );
  });
});
