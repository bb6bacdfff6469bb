import { http, HttpResponse } from 'msw';
import { VIP_LEVELS } from '@/lib/constants/vip';
import type { VipProgress, VipReply } from '@/lib/contracts/vip';
import { apiPath } from './handlers';

export const vipLevels: VipReply['levels'] = VIP_LEVELS.map((level) => ({
  level: level.level,
  key: level.key,
  points: level.points,
  rakeback_percent: level.rakebackPercent,
  level_up_rub: level.levelUpRub,
  weekly_percent: level.weeklyBp / 100,
}));

/** A player at silver, halfway to gold, with rakeback and one level-up reward to claim. */
export const vipProgress = (changes: Partial<VipProgress> = {}): VipProgress => ({
  level: 2,
  points: 30_000,
  next_points: 50_000,
  currency: 'RUB',
  rakeback: 12.5,
  weekly_preview: 0,
  rewards: [
    { id: 7, kind: 'level_up', level: 2, week: null, amount: 500, currency: 'RUB', claimed_at: null },
    {
      id: 6,
      kind: 'level_up',
      level: 1,
      week: null,
      amount: 100,
      currency: 'RUB',
      claimed_at: '2026-11-01T00:00:00.000Z',
    },
  ],
  requests: [{ request_type: 'personal_manager', status: 'pending', created_at: '2026-11-20T10:00:00.000Z' }],
  ...changes,
});

/** `GET /vip`, the claims and `POST api/v2/vip/join`, recording what was sent. */
export function vipApi(me: () => VipProgress | null = () => vipProgress()) {
  const claims: string[] = [];
  const joins: unknown[] = [];
  const handlers = [
    http.get(apiPath('/vip'), () => HttpResponse.json({ levels: vipLevels, me: me() })),
    http.post(apiPath('/vip/rakeback/claim'), () => {
      claims.push('rakeback');
      return HttpResponse.json({ amount: 12.5, currency: 'RUB', balance: 1_012.5 });
    }),
    http.post(apiPath('/vip/rewards/:id/claim'), ({ params }) => {
      claims.push(`reward:${String(params.id)}`);
      return HttpResponse.json({ amount: 500, currency: 'RUB', balance: 1_500 });
    }),
    http.post(apiPath('/api/v2/vip/join'), async ({ request }) => {
      joins.push(await request.json());
      return HttpResponse.json({ success: true });
    }),
  ];
  return { handlers, claims, joins };
}
