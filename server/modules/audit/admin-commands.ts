import { defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { findUser, printTable, text, utc } from '../../admin/toolkit';
import { listAudit } from './service';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 500;

/** A before or after state on one line: compact JSON, `-` for none. */
const state = (value: unknown) => (value === null || value === undefined ? '-' : JSON.stringify(value));

/** `npm run admin -- audit list`: the audit log (issue 15), newest first. */
export const auditCommands: CommandGroup = {
  name: 'audit',
  summary: 'the audit log: operator actions and changes to players’ limits and status (append-only)',
  commands: [
    defineCommand({
      name: 'list',
      args: '[--user ID|EMAIL|PHONE] [--subject TYPE:ID] [--limit N]',
      summary: `List audit entries, newest first (default ${DEFAULT_LIMIT}, at most ${MAX_LIMIT}), each with its before → after`,
      options: { user: { type: 'string' }, subject: { type: 'string' }, limit: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length > 0) throw new UsageError(`unexpected arguments: ${positionals.join(' ')}`);
        const rawLimit = text(values, 'limit');
        const limit =
          rawLimit === undefined ? DEFAULT_LIMIT : /^\d{1,4}$/.test(rawLimit) ? Number(rawLimit) : NaN;
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
          throw new UsageError(`--limit must be 1 to ${MAX_LIMIT}`);
        const rawSubject = text(values, 'subject');
        let subject: { type: string; id: string } | undefined;
        if (rawSubject !== undefined) {
          const match = /^([a-z_]+):(.+)$/.exec(rawSubject);
          if (!match) throw new UsageError('--subject must be TYPE:ID, e.g. payout:12 or user:5');
          subject = { type: match[1], id: match[2] };
        }
        return { user: text(values, 'user'), subject, limit };
      },
      async run({ db, out }, input) {
        const user = input.user === undefined ? undefined : await findUser(db, input.user);
        const rows = await listAudit(db, {
          userId: user?.id,
          subjectType: input.subject?.type,
          subjectId: input.subject?.id,
          limit: input.limit,
        });
        printTable(out, 'No audit entries.', [
          ['ID', 'AT (UTC)', 'ACTOR', 'ACTION', 'SUBJECT', 'USER', 'REASON', 'BEFORE → AFTER'],
          ...rows.map((row) => [
            String(row.id),
            utc(row.at),
            row.actor,
            row.action,
            `${row.subjectType}:${row.subjectId}`,
            row.userId === null ? '-' : String(row.userId),
            row.reason ?? '-',
            `${state(row.before)} → ${state(row.after)}`,
          ]),
        ]);
      },
    }),
  ],
};
