import { bet, type Bet } from '@/lib/contracts/games';
import { generalApi } from './game-client';

/** `GET /games/bets/{id}`: one of the user's bets. */
export const getBet = (id: number): Promise<Bet> =>
  generalApi()
    .get(`/games/bets/${id}`)
    .then((response) => bet.parse(response.data));
