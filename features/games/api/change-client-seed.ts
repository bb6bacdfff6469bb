import { changeClientSeedBody, seedPair, type SeedPair } from '@/lib/contracts/games';
import { generalApi } from './game-client';

/** `PUT /fair/seed/client`: a new client seed for the active pair (422 with an open miner/hilo round). */
export const changeClientSeed = (client_seed: string): Promise<SeedPair> =>
  generalApi()
    .put('/fair/seed/client', changeClientSeedBody.parse({ client_seed }))
    .then((response) => seedPair.parse(response.data));
