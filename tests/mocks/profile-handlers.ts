import { http, HttpResponse } from 'msw';
import type { User } from '@/lib/api/schemas/user';
import { profileSettingsBody } from '@/lib/contracts/auth';
import {
  selfExclusionBody,
  setLimitBody,
  type Limits,
  type Protection,
  type SessionInfo,
} from '@/lib/contracts/protection';
import { testUser } from './fixtures';
import { apiPath } from './handlers';

/** `GET /profile/user` answering `user` (the shared fixture with `patch` applied). */
export const profileWith = (patch: Partial<User> = {}) =>
  http.get(apiPath('/profile/user'), () =>
    HttpResponse.json({
      user: { ...testUser, ...patch },
      features: {},
      region: 'RU',
      fresh_token: null,
      super_bonus: null,
    }),
  );

/**
 * `PUT /profile/settings`: a body that is not exactly one setting answers 422 (as the contract says),
 * otherwise the user with the change applied.
 */
export const profileHandlers = [
  http.put(apiPath('/profile/settings'), async ({ request }) => {
    const parsed = profileSettingsBody.safeParse(await request.json());
    if (!parsed.success) {
      return HttpResponse.json(
        { message: 'The given data was invalid.', errors: { body: ['invalid: one setting per call'] } },
        { status: 422 },
      );
    }
    return HttpResponse.json({ success: true, user: { ...testUser, ...parsed.data } });
  }),
  ...protectionHandlers(),
  ...limitsHandlers(),
];

/**
 * `GET /api/v2/profile/protection` and `POST /api/v2/profile/self-exclusion` over one account (active at
 * first); `state.requests` records the days asked for.
 */
export function protectionHandlers(
  state: { protection: Protection; requests: (number | null)[] } = newProtectionState(),
) {
  return [
    http.get(apiPath('/api/v2/profile/protection'), () => HttpResponse.json(state.protection)),
    http.post(apiPath('/api/v2/profile/self-exclusion'), async ({ request }) => {
      const parsed = selfExclusionBody.safeParse(await request.json());
      if (!parsed.success) return HttpResponse.json({ message: 'invalid' }, { status: 422 });
      state.requests.push(parsed.data.days);
      const until =
        parsed.data.days === null ? null : new Date(Date.UTC(2031, 0, 1 + parsed.data.days)).toISOString();
      state.protection = { status: 'self_excluded', excluded_until: until };
      return HttpResponse.json(state.protection);
    }),
  ];
}

/** A fresh account for protectionHandlers: active, nothing asked yet. */
export function newProtectionState(): { protection: Protection; requests: (number | null)[] } {
  return { protection: { status: 'active', excluded_until: null }, requests: [] };
}

/**
 * `GET|PUT /api/v2/profile/limits` over one account without limits at first: lower (or first) limits
 * apply at once, higher ones and removals wait until 2031-01-02 (as the server's 24 hours would).
 */
export function limitsHandlers(state: { limits: Limits } = { limits: noLimits() }) {
  return [
    http.get(apiPath('/api/v2/profile/limits'), () => HttpResponse.json(state.limits)),
    http.put(apiPath('/api/v2/profile/limits'), async ({ request }) => {
      const parsed = setLimitBody.safeParse(await request.json());
      if (!parsed.success) return HttpResponse.json({ message: 'invalid' }, { status: 422 });
      const { kind, amount } = parsed.data;
      const current = state.limits[kind].amount;
      state.limits = {
        ...state.limits,
        [kind]:
          amount !== null && (current === null || amount <= current)
            ? { amount, next_amount: null, next_from: null }
            : { amount: current, next_amount: amount, next_from: '2031-01-02T00:00:00.000Z' },
      };
      return HttpResponse.json(state.limits);
    }),
  ];
}

export function noLimits(): Limits {
  const none = { amount: null, next_amount: null, next_from: null };
  return {
    deposit_day: none,
    deposit_week: none,
    deposit_month: none,
    loss_day: none,
    loss_week: none,
    loss_month: none,
    session_minutes: none,
    reality_check_minutes: none,
  };
}

/** A log-in session as `sessionInfoHandlers` keeps it: its start, net result and limits. */
export interface SessionState {
  startedAt: string;
  netResult: number;
  realityCheckMinutes: number | null;
  sessionMinutes: number | null;
  /** How many times the session was read. */
  reads: number;
}

/**
 * `GET /api/v2/profile/session` over one session: the figures the server would answer at the moment of
 * the call (`Date.now()`, so fake timers move it).
 */
export function sessionInfoHandlers(state: SessionState) {
  return [
    http.get(apiPath('/api/v2/profile/session'), () => {
      state.reads += 1;
      const now = Date.now();
      const started = Date.parse(state.startedAt);
      const end = state.sessionMinutes === null ? null : started + state.sessionMinutes * 60_000;
      const reply: SessionInfo = {
        started_at: state.startedAt,
        now: new Date(now).toISOString(),
        minutes_played: Math.floor((now - started) / 60_000),
        net_result: state.netResult,
        currency: 'RUB',
        reality_check_minutes: state.realityCheckMinutes,
        session_minutes: state.sessionMinutes,
        ends_at: end === null ? null : new Date(end).toISOString(),
        limit_reached: end !== null && now >= end,
      };
      return HttpResponse.json(reply);
    }),
  ];
}
