import type { ComponentType } from 'react';
import type { GameArtKey } from './game-art';
import {
  CasesArt,
  CoinflipArt,
  CrashArt,
  DiceArt,
  HiloArt,
  KenoArt,
  MinerArt,
  RoomPurpleArt,
  RoomRedArt,
  RoomYellowArt,
  RouletteArt,
} from './originals-art';
import { BettingArt, LiveCasinoArt, SlotsArt, TopArt, TournamentsArt, VipArt } from './section-art';

/**
 * Every piece of the product's own game art, keyed as the games are keyed: the in-house games and the
 * rooms by their activity key (lib/constants/activity.ts: `dice`, `room-red`, …), the lobbies and clubs
 * by their navigation key (components/layout/nav-items.ts). The drawings are written to
 * `public/art/<key>.svg` by `npm run art` (game-art.test.ts fails when a file is not what its drawing
 * makes); pages show the files.
 */
export const GAME_ART = {
  crash: CrashArt,
  dice: DiceArt,
  coinflip: CoinflipArt,
  hilo: HiloArt,
  keno: KenoArt,
  roulette: RouletteArt,
  miner: MinerArt,
  cases: CasesArt,
  'room-red': RoomRedArt,
  'room-yellow': RoomYellowArt,
  'room-purple': RoomPurpleArt,
  slots: SlotsArt,
  liveCasino: LiveCasinoArt,
  betting: BettingArt,
  tournaments: TournamentsArt,
  vipClub: VipArt,
  top: TopArt,
} as const satisfies Record<GameArtKey, ComponentType>;
