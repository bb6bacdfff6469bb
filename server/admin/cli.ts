import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import type { Database } from '../db/client';
import { operatorActor, type Actor } from '../modules/audit/service';
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
  /** Where `CASINO_OPERATOR` is read; process.env when left out. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The OS user name, the operator's last fallback; `os.userInfo().username` when left out. */
  osUser?: () => string | undefined;
}

const PROGRAM = 'npm run admin --';
const OPERATOR_OPTION = '--operator';
const OPERATOR_HELP =
  'Global option: --operator NAME, the operator the audit log records for a change (else CASINO_OPERATOR, else the OS user name; payout commands record their --reviewer).';

/** A name the audit log can carry: 1 to 100 characters, no control characters; else UsageError. */
function operatorName(raw: string, source: string): string {
  const name = raw.trim();
  if (!name || name.length > 100 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new UsageError(`${source} must be a name of 1 to 100 characters`);
  }
  return name;
}

/**
 * Takes the global `--operator NAME` (or `--operator=NAME`) out of the arguments, wherever it stands
 * before a `--`: every command accepts it without declaring it.
 */
function takeOperator(argv: string[]): { argv: string[]; operator?: string } {
  const rest: string[] = [];
  let operator: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--') {
      rest.push(...argv.slice(i));
      break;
    }
    let value: string | undefined;
    if (arg === OPERATOR_OPTION) {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('--'))
        throw new UsageError(`${OPERATOR_OPTION} NAME needs a name`);
      i += 1;
    } else if (arg.startsWith(`${OPERATOR_OPTION}=`)) {
      value = arg.slice(OPERATOR_OPTION.length + 1);
    } else {
      rest.push(arg);
      continue;
    }
    if (operator !== undefined) throw new UsageError(`${OPERATOR_OPTION} is given twice`);
    operator = operatorName(value, OPERATOR_OPTION);
  }
  return { argv: rest, operator };
}

/** The operator of this run: `--operator`, else `CASINO_OPERATOR`, else the OS user name. */
function operatorResolver(
  given: string | undefined,
  options: Pick<RunAdminOptions, 'env' | 'osUser'>,
): () => Actor {
  let actor: Actor | undefined;
  return () => {
    if (actor) return actor;
    const fromEnv = (options.env ?? process.env).CASINO_OPERATOR;
    let name = given;
    if (name === undefined && fromEnv !== undefined && fromEnv.trim() !== '')
      name = operatorName(fromEnv, 'CASINO_OPERATOR');
    if (name === undefined) {
      let osName: string | undefined;
      try {
        osName = (options.osUser ?? (() => userInfo().username))();
      } catch {
        osName = undefined;
      }
      if (osName?.trim()) name = operatorName(osName, 'the OS user name');
    }
    if (name === undefined)
      throw new UsageError(`name the operator: ${OPERATOR_OPTION} NAME or CASINO_OPERATOR=NAME`);
    actor = operatorActor(name);
    return actor;
  };
}

/** Runs `npm run admin -- <group> <command> [args]`; returns the process exit code (0 ok, 1 failed, 2 usage). */
export async function runAdmin(givenArgv: string[], options: RunAdminOptions): Promise<number> {
  const groups = options.groups ?? commandGroups;
  let argv: string[];
  let operator: string | undefined;
  try {
    ({ argv, operator } = takeOperator(givenArgv));
  } catch (error) {
    options.err(`Error: ${(error as Error).message}`);
    return 2;
  }
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
        actor: operatorResolver(operator, options),
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
  lines.push('', OPERATOR_HELP);
  write(lines.join('\n'));
}

function printGroupHelp(group: CommandGroup, write: (line: string) => void): void {
  const lines = [`${group.name} — ${group.summary}`, ''];
  for (const command of group.commands)
    lines.push(`  ${usage(group, command).padEnd(56)} ${command.summary}`);
  write(lines.join('\n'));
}
