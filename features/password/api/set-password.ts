import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { type passwordSetBody, successReply } from '@/lib/contracts/auth';

/** `POST /api/v2/auth/password/set`: a first password for an account without one (e.g. social sign-up). */
export const setPassword = (body: z.input<typeof passwordSetBody>) =>
  api.post('/api/v2/auth/password/set', body).then((r) => successReply.parse(r.data));
