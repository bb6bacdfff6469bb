import type { User } from '@/lib/api/schemas/user';

/** A logged-in user as `GET /profile/user` returns it (see lib/api/schemas/user.ts). */
export const testUser: User = {
  id: 42,
  name: 'Test Player',
  email: 'player@example.com',
  phone: '79161234567',
  balance: 0,
  bonus: 0,
  bonus_balance: 0,
  total_balance: 0,
  currency: 'RUB',
  locale: 'ru',
  timezone: 'Europe/Moscow',
  register_method: 'email',
  is_phone_verified: false,
  is_email_verified: true,
  is_password_exists: true,
  is_avatar_hidden: false,
  is_statistics_hidden: false,
  image: { small: null },
  premium: { status: false },
  verification: { is_need: false, data: { status: 'init' } },
};

/** Token the default refresh handler hands out. */
export const REFRESHED_TOKEN = 'refreshed-token';
