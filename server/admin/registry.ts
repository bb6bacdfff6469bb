import { auditCommands } from '../modules/audit/admin-commands';
import {
  balanceCommands,
  invoiceCommands,
  methodCommands,
  reconcileCommands,
} from '../modules/billing/admin-commands';
import {
  bonusCommands,
  freeSpinCommands,
  promoCommands,
  welcomePackCommands,
} from '../modules/bonuses/admin-commands';
import { gameCommands } from '../modules/casino/admin-commands';
import { crashCommands } from '../modules/crash/admin-commands';
import { caseCommands } from '../modules/games/admin-commands';
import { sportsCommands } from '../modules/sports/admin-commands';
import { deviceReportCommand } from '../modules/devices/admin-commands';
import { geoCommands } from '../modules/geo/admin-commands';
import { payoutCommands } from '../modules/payouts/admin-commands';
import { accountCommands } from '../modules/protection/admin-commands';
import {
  mirrorCommands,
  redirectCommands,
  reportCommands,
  trafficCommands,
  utmCampaignCommands,
} from '../modules/traffic/admin-commands';
import { userCommands } from '../modules/auth/admin-commands';
import { bannerCommands } from '../modules/promotions/admin-commands';
import { tournamentCommands } from '../modules/tournaments/admin-commands';
import { vipCommands } from '../modules/vip/admin-commands';
import type { CommandGroup } from './command';

/** Every command group of `npm run admin`. A new domain adds its module here. */
export const commandGroups: CommandGroup[] = [
  geoCommands,
  userCommands,
  invoiceCommands,
  balanceCommands,
  payoutCommands,
  methodCommands,
  reconcileCommands,
  accountCommands,
  auditCommands,
  promoCommands,
  welcomePackCommands,
  freeSpinCommands,
  bonusCommands,
  caseCommands,
  crashCommands,
  gameCommands,
  sportsCommands,
  tournamentCommands,
  vipCommands,
  bannerCommands,
  mirrorCommands,
  redirectCommands,
  utmCampaignCommands,
  // The report group is traffic's; other modules add their reports to it.
  { ...reportCommands, commands: [...reportCommands.commands, deviceReportCommand] },
  trafficCommands,
];
