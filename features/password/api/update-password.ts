import type { z } from 'zod';
import { api } from '@/lib/api/client';
import { type passwordUpdateBody, successReply } from '@/lib/contracts/auth';

/** `POST /password/update`: changes the password of the logged-in user. */
export const updatePassword = (body: z.input<typeof passwordUpdateBody>) =>
  api.post('/password/update', body).then((r) => successReply.parse(r.data));
