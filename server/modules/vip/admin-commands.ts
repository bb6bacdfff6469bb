/**
 * `npm run admin -- vip requests|approve|reject|level` (issue 19): the operator reviews VIP club requests
 * (`POST api/v2/vip/join`); approving a level transfer may set the player's least level. Audited.
 */
import { VIP_LEVELS } from '@/lib/constants/vip';
import { CommandError, defineCommand, UsageError, type CommandGroup } from '../../admin/command';
import { audited, findUser, printTable, rowState, text, utc } from '../../admin/toolkit';
import { listRequests, reviewRequest, setLevelFloor } from './service';

function requestId(positionals: string[]): number {
  if (positionals.length !== 1 || !/^[1-9]\d{0,9}$/.test(positionals[0]!))
    throw new UsageError('one request id is required');
  return Number(positionals[0]);
}

function level(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > VIP_LEVELS.length) {
    throw new UsageError(`--level must be 1 to ${VIP_LEVELS.length}`);
  }
  return value;
}

function review(status: 'approved' | 'rejected') {
  return defineCommand({
    name: status === 'approved' ? 'approve' : 'reject',
    args: status === 'approved' ? '<request id> [--level N] [--note TEXT]' : '<request id> [--note TEXT]',
    summary:
      status === 'approved'
        ? 'Approve a pending request (--level: the player’s least VIP level from now on)'
        : 'Reject a pending request',
    options: { note: { type: 'string' }, ...(status === 'approved' ? { level: { type: 'string' } } : {}) },
    parse: (positionals, values) => ({
      id: requestId(positionals),
      note: text(values, 'note') ?? null,
      level: status === 'approved' ? level(text(values, 'level')) : null,
    }),
    async run(context, { id, note, level: floor }) {
      const row = await audited(context, async (tx, record) => {
        const reviewed = await reviewRequest(tx, { id, status, note, now: new Date() });
        if (!reviewed) throw new CommandError(`No pending request ${id}.`);
        await record({
          action: `vip.${status === 'approved' ? 'approve' : 'reject'}`,
          subjectType: 'vip_request',
          subjectId: String(id),
          before: rowState({ ...reviewed, status: 'pending', note: null, reviewedAt: null }),
          after: rowState(reviewed),
        });
        return reviewed;
      });
      let suffix = '';
      if (floor !== null)
        suffix = `; level ${await setLevelFloor(context.db, row.userId, floor, new Date())} from now on`;
      context.out(`Request ${id} ${status}${suffix}.`);
    },
  });
}

export const vipCommands: CommandGroup = {
  name: 'vip',
  summary: 'the VIP club: requests to review, levels by hand',
  commands: [
    defineCommand({
      name: 'requests',
      args: '[--status pending|approved|rejected|all]',
      summary: 'List VIP club requests (default: pending), newest first',
      options: { status: { type: 'string' } },
      parse(_positionals, values) {
        const status = text(values, 'status') ?? 'pending';
        if (!['pending', 'approved', 'rejected', 'all'].includes(status))
          throw new UsageError('--status must be pending, approved, rejected or all');
        return { status: status === 'all' ? null : status };
      },
      async run({ db, out }, { status }) {
        const rows = await listRequests(db, status);
        printTable(out, 'No requests.', [
          ['ID', 'USER', 'CONTACT', 'LEVEL', 'TYPE', 'DETAILS', 'STATUS', 'CREATED (UTC)'],
          ...rows.map(({ request, email, phone, level: userLevel }) => [
            String(request.id),
            String(request.userId),
            email ?? phone ?? '-',
            String(userLevel),
            request.requestType,
            request.details ?? '-',
            request.status,
            utc(request.createdAt),
          ]),
        ]);
      },
    }),
    review('approved'),
    review('rejected'),
    defineCommand({
      name: 'level',
      args: '<user> --level N',
      summary: 'Set a player’s least VIP level (their level rises to it, with its rewards)',
      options: { level: { type: 'string' } },
      parse(positionals, values) {
        if (positionals.length !== 1) throw new UsageError('one user (id, e-mail or phone) is required');
        const floor = level(text(values, 'level'));
        if (floor === null) throw new UsageError('--level is required');
        return { user: positionals[0]!, floor };
      },
      async run(context, { user, floor }) {
        const found = await findUser(context.db, user);
        const reached = await setLevelFloor(context.db, found.id, floor, new Date());
        await audited(context, async (_tx, record) =>
          record({
            action: 'vip.level',
            subjectType: 'user',
            subjectId: String(found.id),
            before: { vip_level: found.vipLevel },
            after: { vip_level: reached, level_floor: floor },
          }),
        );
        context.out(`User ${found.id}: VIP level ${reached}.`);
      },
    }),
  ],
};
