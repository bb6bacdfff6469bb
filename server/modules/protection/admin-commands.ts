import { defineCommand, UsageError, type CommandGroup, type OptionValues } from '../../admin/command';
import { findUser, text, utc } from '../../admin/toolkit';
import { setAccountStatus, statusNow } from './service';

function reason(values: OptionValues): string {
  const value = text(values, 'reason')?.trim();
  if (!value) throw new UsageError('--reason TEXT is required');
  if (value.length > 500) throw new UsageError('--reason must be at most 500 characters');
  return value;
}

function onePlayer(positionals: string[]): string {
  if (positionals.length !== 1) throw new UsageError('give one user: ID, e-mail or phone');
  return positionals[0];
}

const change = (
  name: 'suspend' | 'reinstate' | 'close',
  status: 'suspended' | 'active' | 'closed',
  summary: string,
) =>
  defineCommand({
    name,
    args: '<user> --reason TEXT',
    summary,
    options: { reason: { type: 'string' } },
    parse(positionals, values) {
      return { user: onePlayer(positionals), reason: reason(values) };
    },
    async run({ db, out, actor }, input) {
      const operator = actor();
      const user = await findUser(db, input.user);
      const result = await setAccountStatus(db, {
        userId: user.id,
        status,
        reason: input.reason,
        now: new Date(),
        actor: operator,
      });
      if (!result.changed) {
        out(
          `User ${user.id} is self-excluded until ${user.excludedUntil ? utc(user.excludedUntil) : 'further notice (for good)'}; a player's own exclusion is not lifted. Nothing changed.`,
        );
        return;
      }
      out(`User ${user.id}: ${result.before} -> ${result.after} (${input.reason})`);
    },
  });

/** Player protection (issue 15): the operator's view and changes of an account's status. */
export const accountCommands: CommandGroup = {
  name: 'account',
  summary: 'account status: suspend, reinstate, close (player protection)',
  commands: [
    defineCommand({
      name: 'status',
      args: '<user>',
      summary: "Show a player's account status, self-exclusion and the operator's reason",
      parse(positionals) {
        return { user: onePlayer(positionals) };
      },
      async run({ db, out }, input) {
        const user = await findUser(db, input.user);
        out(`User ${user.id}: ${statusNow(user, new Date())}`);
        if (user.accountStatus === 'self_excluded')
          out(`  excluded until: ${user.excludedUntil ? utc(user.excludedUntil) : 'for good'}`);
        if (user.statusReason) out(`  reason: ${user.statusReason}`);
      },
    }),
    change(
      'suspend',
      'suspended',
      'Suspend an account: the player can log in, withdraw and see history, not deposit or play',
    ),
    change(
      'reinstate',
      'active',
      'Make a suspended or closed account active again (never lifts a self-exclusion)',
    ),
    change('close', 'closed', 'Close an account (the player can still log in to withdraw)'),
  ],
};
