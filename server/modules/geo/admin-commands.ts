import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, utc } from '../../admin/toolkit';
import {
  blockCountry,
  listBlockedCountries,
  lockBlockedCountry,
  parseCountryCode,
  unblockCountry,
} from './service';

const REASON_MAX_LENGTH = 500;

/** A country's block as the audit log keeps it. */
const blockState = (row: { reason: string | null } | undefined) =>
  row ? { blocked: true, reason: row.reason } : { blocked: false };

function countryArgument(positionals: string[]): string {
  if (positionals.length === 0) throw new UsageError('a country code is required, e.g. KZ');
  if (positionals.length > 1) throw new UsageError(`unexpected arguments: ${positionals.slice(1).join(' ')}`);
  const code = parseCountryCode(positionals[0]);
  if (!code)
    throw new UsageError(`"${positionals[0]}" is not a two-letter ISO 3166-1 country code (e.g. KZ)`);
  return code;
}

export const geoCommands: CommandGroup = {
  name: 'geo',
  summary: 'countries whose visitors GET /geo_ip answers with HTTP 451',
  commands: [
    defineCommand({
      name: 'block',
      args: '<CC> [--reason TEXT]',
      summary: 'Block a country (again: replaces the reason when one is given)',
      options: { reason: { type: 'string' } },
      parse(positionals, values) {
        const countryCode = countryArgument(positionals);
        const reason = typeof values.reason === 'string' ? values.reason.trim() : undefined;
        if (reason === '') throw new UsageError('--reason must not be empty');
        if (reason !== undefined && reason.length > REASON_MAX_LENGTH) {
          throw new UsageError(`--reason must be at most ${REASON_MAX_LENGTH} characters`);
        }
        return { countryCode, reason };
      },
      async run(context, { countryCode, reason }) {
        const { row, created } = await audited(context, async (tx, record) => {
          const before = await lockBlockedCountry(tx, countryCode);
          const result = await blockCountry(tx, countryCode, reason);
          await record({
            action: 'geo.block',
            subjectType: 'country',
            subjectId: countryCode,
            before: blockState(before),
            after: blockState(result.row),
            reason: reason ?? null,
          });
          return result;
        });
        const { out } = context;
        const why = row.reason ? ` (reason: ${row.reason})` : '';
        out(created ? `Blocked ${countryCode}${why}.` : `${countryCode} was already blocked${why}.`);
      },
    }),
    defineCommand({
      name: 'unblock',
      args: '<CC>',
      summary: 'Unblock a country',
      parse: (positionals) => ({ countryCode: countryArgument(positionals) }),
      async run(context, { countryCode }) {
        await audited(context, async (tx, record) => {
          const before = await lockBlockedCountry(tx, countryCode);
          if (!before || !(await unblockCountry(tx, countryCode)))
            throw new CommandError(`${countryCode} is not blocked.`);
          await record({
            action: 'geo.unblock',
            subjectType: 'country',
            subjectId: countryCode,
            before: blockState(before),
            after: blockState(undefined),
          });
        });
        context.out(`Unblocked ${countryCode}.`);
      },
    }),
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List blocked countries',
      parse(positionals) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        return {};
      },
      async run({ db, out }) {
        const rows = await listBlockedCountries(db);
        if (rows.length === 0) {
          out('No countries are blocked.');
          return;
        }
        out('CC  BLOCKED SINCE (UTC)   REASON');
        for (const row of rows) {
          const since = utc(row.createdAt);
          out(`${row.countryCode}  ${since}   ${row.reason ?? '-'}`);
        }
      },
    }),
  ],
};
