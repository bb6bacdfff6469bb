import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { table, utc } from '../../admin/toolkit';
import {
  findUserByIdentifier,
  linkedUserIds,
  listNewestUsers,
  parseUserIdentifier,
  type UserRow,
} from '../users/service';
import { accountsOnSameDevice } from '../devices/service';
import { listSocialIdentities } from './repository';
import { countLiveFamilies } from './tokens';

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

function verified(user: UserRow): string {
  const parts = [user.isEmailVerified && 'email', user.isPhoneVerified && 'phone'].filter(Boolean);
  return parts.length > 0 ? parts.join('+') : '-';
}

export const userCommands: CommandGroup = {
  name: 'user',
  summary: 'player accounts',
  commands: [
    defineCommand({
      name: 'list',
      args: '[--limit N]',
      summary: `List the newest accounts (default ${DEFAULT_LIMIT})`,
      options: { limit: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const raw = values.limit;
        if (raw === undefined) return { limit: DEFAULT_LIMIT };
        const limit = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : NaN;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
          throw new UsageError(`--limit must be a whole number from 1 to ${MAX_LIMIT}`);
        }
        return { limit };
      },
      async run({ db, out }, { limit }) {
        const rows = await listNewestUsers(db, limit);
        if (rows.length === 0) {
          out('No users yet.');
          return;
        }
        const lines = table([
          ['ID', 'EMAIL', 'PHONE', 'CURRENCY', 'METHOD', 'VERIFIED', 'CREATED (UTC)'],
          ...rows.map((user) => [
            String(user.id),
            user.email ?? '-',
            user.phone ?? '-',
            user.currency,
            user.registerMethod,
            verified(user),
            utc(user.createdAt),
          ]),
        ]);
        for (const line of lines) out(line);
      },
    }),
    defineCommand({
      name: 'show',
      args: '<email|phone|id>',
      summary: 'Show one account',
      parse(positionals) {
        if (positionals.length === 0) throw new UsageError('an e-mail, a phone or a user id is required');
        if (positionals.length > 1)
          throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
        const lookup = parseUserIdentifier(positionals[0]);
        if (!lookup)
          throw new UsageError(
            `"${positionals[0]}" is not an e-mail, an E.164 phone (+77010000001) or a user id`,
          );
        return { lookup, raw: positionals[0] };
      },
      async run({ db, out }, { lookup, raw }) {
        const user = await findUserByIdentifier(db, lookup);
        if (!user) throw new CommandError(`No user matches ${raw}.`);
        const identities = await listSocialIdentities(db, user.id);
        const linked = await linkedUserIds(db, user.id);
        const sameDevice = await accountsOnSameDevice(db, user.id);
        const sessions = await countLiveFamilies(db, user.id, new Date());
        const attribution = (['promo', 'partner', 'adplace', 'stag', 'fpp'] as const)
          .filter((key) => user[key])
          .map((key) => `${key}=${user[key]}`)
          .join(' ');
        const field = (label: string, value: string) => out(`  ${`${label}:`.padEnd(18)}${value}`);
        out(`User ${user.id}`);
        field('name', user.name ?? '-');
        field(
          'email',
          user.email ? `${user.email}${user.isEmailVerified ? ' (verified)' : ' (not verified)'}` : '-',
        );
        field(
          'phone',
          user.phone ? `${user.phone}${user.isPhoneVerified ? ' (verified)' : ' (not verified)'}` : '-',
        );
        field('currency', user.currency);
        field('locale', user.locale ?? '-');
        field('timezone', user.timezone ?? '-');
        field('register method', user.registerMethod);
        field('password', user.passwordHash ? 'set' : 'not set');
        field('premium', user.premiumStatus ? 'yes' : 'no');
        field(
          'verification',
          `${user.verificationRequired ? 'required' : 'not required'} (status: ${user.verificationStatus ?? '-'})`,
        );
        field('attribution', attribution || '-');
        field(
          'social',
          identities.map((identity) => `${identity.provider}:${identity.subject}`).join(', ') || '-',
        );
        field('active sessions', String(sessions));
        field('linked users', linked.join(', ') || '-');
        field('same device', sameDevice.join(', ') || '-');
        field('created (UTC)', utc(user.createdAt));
      },
    }),
  ],
};
