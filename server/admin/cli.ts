import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import type { PaymentProvider } from '../modules/billing/providers';
import { CommandError, UsageError, type AdminCommand, type CommandGroup } from './command';
import { commandGroups } from './registry';

export interface AdminIO {
  out(line: string): void;
  err(line: string): void;
}

export interface RunAdminOptions extends AdminIO {
  /** Opens the database; called only once a command's arguments are valid. */
  connect(): Promise<{ db: Database; close(): Promise<void> }>;
  groups?: CommandGroup[];
  /**
   * The payment providers commands may call (`payout approve`), or how to build them (only when a command
   * asks); none when left out.
   */
  providers?: ReadonlyMap<string, PaymentProvider> | (() => ReadonlyMap<string, PaymentProvider>);
}

const PROGRAM = 'npm run admin --';

/** Runs `npm run admin -- <group> <command> [args]`; returns the process exit code (0 ok, 1 failed, 2 usage). */
export async function runAdmin(argv: string[], options: RunAdminOptions): Promise<number> {
  const groups = options.groups ?? commandGroups;
  const [groupName, commandName, ...rest] = argv;

  if (groupName === undefined) {
    printHelp(groups, options.err);
    return 2;
  }
  if (groupName === 'help' || groupName === '--help' || groupName === '-h') {
    const group = commandName === undefined ? undefined : groups.find((g) => g.name === commandName);
    if (commandName !== undefined && !group) {
      options.err(`Unknown command group "${commandName}". Run \`${PROGRAM} help\` for the list.`);
      return 2;
    }
    if (group) printGroupHelp(group, options.out);
    else printHelp(groups, options.out);
    return 0;
  }

  const group = groups.find((g) => g.name === groupName);
  if (!group) {
    options.err(`Unknown command group "${groupName}". Run \`${PROGRAM} help\` for the list.`);
    return 2;
  }
  if (
    commandName === undefined ||
    commandName === '--help' ||
    commandName === '-h' ||
    commandName === 'help'
  ) {
    printGroupHelp(group, commandName === undefined ? options.err : options.out);
    return commandName === undefined ? 2 : 0;
  }
  const command = group.commands.find((c) => c.name === commandName);
  if (!command) {
    options.err(`Unknown command "${groupName} ${commandName}".`);
    printGroupHelp(group, options.err);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    options.out(`Usage: ${usage(group, command)}\n\n${command.summary}`);
    return 0;
  }

  let input: unknown;
  try {
    const { positionals, values } = parseArgs({
      args: rest,
      options: command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    input = command.parse(positionals, values);
  } catch (error) {
    options.err(`Error: ${(error as Error).message}`);
    options.err(`Usage: ${usage(group, command)}`);
    return 2;
  }

  let connection: Awaited<ReturnType<RunAdminOptions['connect']>> | undefined;
  try {
    connection = await options.connect();
    let providers: ReadonlyMap<string, PaymentProvider> | undefined;
    const given = options.providers;
    await command.run(
      {
        db: connection.db,
        out: options.out,
        providers: () => (providers ??= typeof given === 'function' ? given() : (given ?? new Map())),
      },
      input,
    );
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      options.err(`Error: ${error.message}`);
      return 2;
    }
    options.err(
      `Error: ${error instanceof CommandError ? error.message : String((error as Error).stack ?? error)}`,
    );
    return 1;
  } finally {
    await connection?.close();
  }
}

function usage(group: CommandGroup, command: AdminCommand): string {
  return `${PROGRAM} ${group.name} ${command.name}${command.args ? ` ${command.args}` : ''}`;
}

function printHelp(groups: CommandGroup[], write: (line: string) => void): void {
  const lines = [
    `Usage: ${PROGRAM} <group> <command> [arguments]`,
    '',
    'Operator tasks on the database (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR).',
    '',
  ];
  for (const group of groups) {
    lines.push(`${group.name} — ${group.summary}`);
    for (const command of group.commands)
      lines.push(`  ${usage(group, command).padEnd(56)} ${command.summary}`);
    lines.push('');
  }
  lines.push(`${PROGRAM} help [group]`.padEnd(58) + ' Show this help');
  write(lines.join('\n'));
}

function printGroupHelp(group: CommandGroup, write: (line: string) => void): void {
  const lines = [`${group.name} — ${group.summary}`, ''];
  for (const command of group.commands)
    lines.push(`  ${usage(group, command).padEnd(56)} ${command.summary}`);
  write(lines.join('\n'));
}
