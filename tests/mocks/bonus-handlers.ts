import { http, HttpResponse } from 'msw';
import {
  activateBonusBody,
  bonus,
  bonusActivation,
  freeSpin,
  freeSpinCampaign,
  welcomePackReply,
  type Bonus,
  type BonusActivation,
  type FreeSpin,
  type FreeSpinCampaign,
  type WelcomePack,
} from '@/lib/contracts/bonuses';
import { apiPath } from './handlers';

/** The offer behind the promo code `WELCOME100`: 100 % up to 50 000 ₽, wager ×35, 3 days. */
export const testBonus = (patch: Partial<Bonus> = {}): Bonus =>
  bonus.parse({
    code: 'WELCOME100',
    name: 'Welcome 100%',
    description: 'Double your first deposit.',
    percent: 100,
    min_deposit: 500,
    max_bonus: 50_000,
    wager: 35,
    currency: 'RUB',
    expires_in: 259_200,
    region: null,
    ...patch,
  });

/** A bonus of the user; active with 1 250 of 35 000 ₽ wagered unless patched. */
export const testActivation = (id: number, patch: Partial<BonusActivation> = {}): BonusActivation =>
  bonusActivation.parse({
    ...testBonus(),
    id,
    source: 'promo',
    status: 'active',
    amount: 1_000,
    wager_required: 35_000,
    wagered: 1_250,
    created_at: '2024-05-01T10:00:00Z',
    ...patch,
  });

/** Three stages: 100 % up to 50 000 ₽ + 50 spins, 75 % up to 30 000 ₽, 50 % up to 20 000 ₽ + 100 spins. */
export const testWelcomePack = (patch: Partial<WelcomePack> = {}): WelcomePack =>
  welcomePackReply.parse({
    publicTitle: 'Welcome pack up to 100 000 ₽',
    currency: 'RUB',
    deposits_made: null,
    stages: [
      {
        stage: 1,
        deposit_number: 1,
        title: 'First deposit',
        percent: 100,
        min_deposit: 500,
        max_bonus: 50_000,
        wager: 35,
        free_spins: 50,
        status: null,
      },
      {
        stage: 2,
        deposit_number: 2,
        title: 'Second deposit',
        percent: 75,
        min_deposit: 1_000,
        max_bonus: 30_000,
        wager: 35,
        free_spins: 0,
        status: null,
      },
      {
        stage: 3,
        deposit_number: 3,
        title: 'Third deposit',
        percent: 50,
        min_deposit: 1_000,
        max_bonus: 20_000,
        wager: 30,
        free_spins: 100,
        status: null,
      },
    ],
    ...patch,
  });

/** The welcome pack of a user with one deposit made: stage 1 done, stage 2 current, stage 3 locked. */
export const userWelcomePack = (): WelcomePack => {
  const pack = testWelcomePack({ deposits_made: 1 });
  const statuses = ['done', 'current', 'locked'] as const;
  return { ...pack, stages: pack.stages.map((stage, i) => ({ ...stage, status: statuses[i] })) };
};

export const testFreeSpin = (id: number, patch: Partial<FreeSpin> = {}): FreeSpin =>
  freeSpin.parse({
    id,
    campaign_id: 900 + id,
    name: 'Spring spins',
    game: { id: 'book-of-ra', name: 'Book of Ra' },
    count: 20,
    bet: 10,
    currency: 'RUB',
    expiration_at: '2024-06-01T21:30:00Z',
    ...patch,
  });

export const testCampaign = (id: number, patch: Partial<FreeSpinCampaign> = {}): FreeSpinCampaign =>
  freeSpinCampaign.parse({
    id,
    name: 'Spring spins',
    description: 'Twenty spins on Book of Ra.',
    game: { id: 'book-of-ra', name: 'Book of Ra' },
    count: 20,
    bet: 10,
    currency: 'RUB',
    wager: 40,
    ends_at: null,
    ...patch,
  });

/** What the fake bonus backend holds, and what it was asked to do. */
export interface BonusBackend {
  offers: Map<string, Bonus>;
  activations: BonusActivation[];
  freeSpins: FreeSpin[];
  guestPack: WelcomePack;
  userPack: WelcomePack;
  activated: string[];
  cancelledBonuses: number[];
  cancelledCampaigns: number[];
}

export function createBonusBackend(patch: Partial<BonusBackend> = {}): BonusBackend {
  return {
    offers: new Map([['WELCOME100', testBonus()]]),
    activations: [],
    freeSpins: [],
    guestPack: testWelcomePack(),
    userPack: userWelcomePack(),
    activated: [],
    cancelledBonuses: [],
    cancelledCampaigns: [],
    ...patch,
  };
}

const notFound = () => HttpResponse.json({ message: 'Not found' }, { status: 404 });

/**
 * Bonus handlers over a {@link BonusBackend}, answering as server/modules/bonuses does: offers by code
 * (case-insensitive, 404 otherwise), activation (a known code becomes a waiting bonus and is answered;
 * an unknown one is a 422 `promo: invalid`), cancels that change the state (so a refetch shows them;
 * a bonus cancel answers the cancelled activation, a free-spin cancel `{ success: true }`), the welcome
 * pack (guest and user) and free spins.
 */
export function bonusHandlers(backend: BonusBackend = createBonusBackend()) {
  return [
    http.get(apiPath('/bonus-system/bonus/:promo'), ({ params }) => {
      const offer = backend.offers.get(String(params.promo).toUpperCase());
      return offer ? HttpResponse.json(offer) : notFound();
    }),
    http.get(apiPath('/bonus-system/bonus-activation/waiting-reg-and-dep'), () =>
      HttpResponse.json({ bonus: backend.activations.find((item) => item.status === 'waiting') ?? null }),
    ),
    http.get(apiPath('/bonus-system/bonus-activations'), () =>
      HttpResponse.json({ items: backend.activations }),
    ),
    http.post(apiPath('/bonus-system/bonus-activation'), async ({ request }) => {
      const parsed = activateBonusBody.safeParse(await request.json());
      if (!parsed.success) {
        return HttpResponse.json(
          { message: 'invalid', errors: { body: [`contract: ${parsed.error.message}`] } },
          { status: 422 },
        );
      }
      backend.activated.push(parsed.data.promo);
      const offer = backend.offers.get(parsed.data.promo.toUpperCase());
      if (!offer) {
        return HttpResponse.json(
          {
            message: 'The given data was invalid.',
            errors: { promo: ['invalid: The promo code is invalid.'] },
          },
          { status: 422 },
        );
      }
      const activation = testActivation(backend.activations.length + 1, {
        ...offer,
        status: 'waiting',
        amount: 0,
        wager_required: 0,
        wagered: 0,
      });
      backend.activations = [activation, ...backend.activations];
      return HttpResponse.json(activation);
    }),
    http.put(apiPath('/bonus-system/bonus-activation/cancel/:id'), ({ params }) => {
      const id = Number(params.id);
      const item = backend.activations.find((a) => a.id === id);
      if (!item) return notFound();
      if (item.status !== 'waiting' && item.status !== 'active') {
        return HttpResponse.json(
          {
            message: 'invalid',
            errors: { id: ['not_cancellable: Only a waiting or active bonus can be cancelled.'] },
          },
          { status: 422 },
        );
      }
      backend.cancelledBonuses.push(id);
      const cancelled: BonusActivation = { ...item, status: 'cancelled', amount: 0 };
      backend.activations = backend.activations.map((a) => (a.id === id ? cancelled : a));
      return HttpResponse.json(cancelled);
    }),
    http.get(apiPath('/api/v3/welcome-pack/get-welcome-packs-guest'), () =>
      HttpResponse.json(backend.guestPack),
    ),
    http.get(apiPath('/api/v3/welcome-pack/get-welcome-packs'), () => HttpResponse.json(backend.userPack)),
    http.get(apiPath('/profile/freeSpins'), () => HttpResponse.json({ data: backend.freeSpins })),
    http.get(apiPath('/api/freeSpinsCampaigns/:id'), ({ params }) =>
      HttpResponse.json(testCampaign(Number(params.id))),
    ),
    http.put(apiPath('/api/v2/freeSpinsCampaigns/cancel/:id'), ({ params }) => {
      const id = Number(params.id);
      if (!backend.freeSpins.some((spin) => spin.campaign_id === id)) return notFound();
      backend.cancelledCampaigns.push(id);
      backend.freeSpins = backend.freeSpins.filter((spin) => spin.campaign_id !== id);
      return HttpResponse.json({ success: true });
    }),
  ];
}
