import type { z } from 'zod';
import { rotateSeedBody, rotateSeedReply } from '@/lib/contracts/games';
import { generalApi } from './game-client';

export type RotateSeedReply = z.infer<typeof rotateSeedReply>;

/** `POST /fair/seed/rotate`: reveals the active server seed and starts a new pair. */
export const rotateSeed = (client_seed?: string): Promise<RotateSeedReply> =>
  generalApi()
    .post('/fair/seed/rotate', rotateSeedBody.parse(client_seed === undefined ? {} : { client_seed }))
    .then((response) => rotateSeedReply.parse(response.data));
