import { defineCommand, UsageError } from '../../admin/command';
import { parseDay, printTable, text, utc } from '../../admin/toolkit';
import { deviceReport } from './service';

const MIN_ACCOUNTS_DEFAULT = 2;

/** `report devices`: one device behind several accounts (a command of the `report` group, admin/registry.ts). */
export const deviceReportCommand = defineCommand({
  name: 'devices',
  args: '[--since YYYY-MM-DD] [--min-accounts N]',
  summary:
    'Devices (uploaded fingerprints) seen with several accounts at sign-up or log-in, and accounts whose uploads did not open',
  options: { since: { type: 'string' }, 'min-accounts': { type: 'string' } },
  parse(positionals, values) {
    if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
    const since = text(values, 'since');
    const min = text(values, 'min-accounts') ?? String(MIN_ACCOUNTS_DEFAULT);
    if (!/^\d{1,4}$/.test(min) || Number(min) < 2)
      throw new UsageError('--min-accounts must be a whole number of 2 or more');
    return { since: since === undefined ? null : parseDay(since), minAccounts: Number(min) };
  },
  async run({ db, out }, { since, minAccounts }) {
    const report = await deviceReport(db, { since, minAccounts });
    const period = since ? `since ${since.toISOString().slice(0, 10)} (UTC)` : 'all time';
    out(`Devices seen with ${minAccounts} or more accounts, ${period}:`);
    printTable(out, 'None.', [
      ['DEVICE', 'ACCOUNTS', 'USER IDS', 'SIGHTINGS', 'FIRST SEEN (UTC)', 'LAST SEEN (UTC)'],
      ...report.shared.map((row) => [
        row.fingerprint.slice(0, 16),
        String(row.user_ids.length),
        row.user_ids.map((id) => `#${id}`).join(' '),
        String(row.sightings),
        utc(row.first_seen),
        utc(row.last_seen),
      ]),
    ]);
    out(`Accounts whose fingerprint uploads did not open (tampered, or sealed to an old key), ${period}:`);
    printTable(out, 'None.', [
      ['USER ID', 'UPLOADS', 'LAST (UTC)'],
      ...report.unreadable.map((row) => [`#${row.user_id}`, String(row.uploads), utc(row.last_seen)]),
    ]);
    out('A device is the fingerprint the browser uploaded with a sign-up or log-in; see `user show <id>`.');
  },
});
