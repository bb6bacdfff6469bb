import {
  normalizeDomain,
  normalizePath,
  parseHttpUrl,
  parseOrigin,
  TEXT_MAX,
  UTM_PROMO_TYPES,
  type UtmPromoType,
} from '@/lib/contracts/traffic';
import {
  CommandError,
  defineCommand,
  UsageError,
  type CommandGroup,
  type OptionValues,
} from '../../admin/command';
import { audited, money, parseDay, printTable, rowState, table, text, utc } from '../../admin/toolkit';
import {
  findUtmCampaign,
  isPromoType,
  parsePromoValue,
  upsertUtmCampaign,
  removeUtmCampaign,
} from './ad-clicks';
import {
  findMirrorCycle,
  setSiteLink,
  siteLinks,
  upsertMirror,
  type MirrorPatch,
  type SiteLink,
} from './mirrors';
import { parseRedirectTarget, upsertRedirectRule } from './redirects';
import { attributionReport } from './report';
import {
  findMirror,
  findRedirectRule,
  listMirrors,
  listRedirectRules,
  listUtmCampaigns,
  removeMirror,
  removeRedirectRule,
} from './repository';
import { pruneTraffic } from './retention';

function expectPositionals(positionals: string[], names: string[]): string[] {
  if (positionals.length < names.length) throw new UsageError(`expected ${names.join(' ')}`);
  if (positionals.length > names.length) {
    throw new UsageError(`unexpected arguments: ${positionals.slice(names.length).join(' ')}`);
  }
  return positionals;
}

function domainArgument(raw: string): string {
  const domain = normalizeDomain(raw);
  if (!domain) throw new UsageError(`"${raw}" is not a domain name (e.g. aurum-mirror1.example)`);
  return domain;
}

/** `--name VALUE` / `--no-name` → a value, null (clear), or undefined (keep). */
function settable(
  values: OptionValues,
  name: string,
  parse: (raw: string) => string | null,
  what: string,
): string | null | undefined {
  const raw = text(values, name);
  const clear = values[`no-${name}`] === true;
  if (raw !== undefined && clear) throw new UsageError(`--${name} and --no-${name} exclude each other`);
  if (clear) return null;
  if (raw === undefined) return undefined;
  const parsed = parse(raw);
  if (parsed === null) throw new UsageError(`--${name} must be ${what}`);
  return parsed;
}

const httpUrl = (raw: string) => parseHttpUrl(raw)?.href ?? null;
const verificationValue = (raw: string) => {
  const value = raw.trim();
  return value.length > 0 && value.length <= TEXT_MAX && !/[\u0000-\u001f\u007f<>"]/.test(value)
    ? value
    : null;
};
const URL_WHAT = 'an absolute http(s) URL';
const shown = (value: string | null) => value ?? '-';

const linkOptions = {
  revshare: { type: 'string' },
  'no-revshare': { type: 'boolean' },
  telegram: { type: 'string' },
  'no-telegram': { type: 'boolean' },
} as const;

export const mirrorCommands: CommandGroup = {
  name: 'mirror',
  summary: 'mirror domains: new link (301 to another domain), SSO, verification value, site links',
  commands: [
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List mirror records and the site-wide links',
      parse(positionals) {
        expectPositionals(positionals, []);
        return {};
      },
      async run({ db, out }) {
        const rows = await listMirrors(db);
        if (rows.length === 0) out('No mirror records.');
        else {
          for (const line of table([
            ['DOMAIN', 'NEW LINK', 'SSO', 'VERIFICATION', 'REVSHARE', 'TELEGRAM'],
            ...rows.map((row) => [
              row.domain,
              shown(row.newLink),
              shown(row.sso),
              shown(row.verification),
              shown(row.revshareServiceFrontendUrl),
              shown(row.telegramChannelUrl),
            ]),
          ]))
            out(line);
        }
        const links = await siteLinks(db);
        out(`Site-wide: revshare ${shown(links.revshare)}, telegram ${shown(links.telegram)}`);
      },
    }),
    defineCommand({
      name: 'set',
      args:
        '<domain> [--new-link URL|--no-new-link] [--sso URL|--no-sso] [--verification V|--no-verification] ' +
        '[--revshare URL|--no-revshare] [--telegram URL|--no-telegram]',
      summary: 'Create or change a mirror record (options not given keep their value)',
      options: {
        'new-link': { type: 'string' },
        'no-new-link': { type: 'boolean' },
        sso: { type: 'string' },
        'no-sso': { type: 'boolean' },
        verification: { type: 'string' },
        'no-verification': { type: 'boolean' },
        ...linkOptions,
      },
      parse(positionals, values) {
        const [raw] = expectPositionals(positionals, ['<domain>']);
        const domain = domainArgument(raw);
        const patch: MirrorPatch = {
          newLink: settable(
            values,
            'new-link',
            parseOrigin,
            'an origin such as https://new.example (no path)',
          ),
          sso: settable(values, 'sso', httpUrl, URL_WHAT),
          verification: settable(values, 'verification', verificationValue, `1 to ${TEXT_MAX} characters`),
          revshareServiceFrontendUrl: settable(values, 'revshare', httpUrl, URL_WHAT),
          telegramChannelUrl: settable(values, 'telegram', httpUrl, URL_WHAT),
        };
        if (patch.newLink && normalizeDomain(patch.newLink) === domain) {
          throw new UsageError(`--new-link must point to another domain than ${domain}`);
        }
        return { domain, patch };
      },
      async run(context, { domain, patch }) {
        const { row, created } = await audited(context, async (tx, record, now) => {
          const cycle = patch.newLink ? await findMirrorCycle(tx, domain, patch.newLink) : null;
          if (cycle)
            throw new CommandError(`--new-link would send visitors in a circle: ${cycle.join(' → ')}`);
          const before = await findMirror(tx, domain);
          const result = await upsertMirror(tx, domain, patch, now);
          await record({
            action: 'mirror.set',
            subjectType: 'mirror',
            subjectId: domain,
            before: rowState(before),
            after: rowState(result.row),
          });
          return result;
        });
        context.out(`${created ? 'Created' : 'Updated'} mirror ${domain}: new link ${shown(row.newLink)}.`);
      },
    }),
    defineCommand({
      name: 'remove',
      args: '<domain>',
      summary: 'Remove a mirror record (the domain then gets the defaults)',
      parse(positionals) {
        const [raw] = expectPositionals(positionals, ['<domain>']);
        return { domain: domainArgument(raw) };
      },
      async run(context, { domain }) {
        await audited(context, async (tx, record) => {
          const before = await findMirror(tx, domain);
          if (!before || !(await removeMirror(tx, domain)))
            throw new CommandError(`No mirror record for ${domain}.`);
          await record({
            action: 'mirror.remove',
            subjectType: 'mirror',
            subjectId: domain,
            before: rowState(before),
            after: null,
          });
        });
        context.out(`Removed mirror ${domain}.`);
      },
    }),
    defineCommand({
      name: 'defaults',
      args: '[--revshare URL|--no-revshare] [--telegram URL|--no-telegram]',
      summary: 'Show or set the site-wide links used by domains without their own',
      options: linkOptions,
      parse(positionals, values) {
        expectPositionals(positionals, []);
        return {
          revshare: settable(values, 'revshare', httpUrl, URL_WHAT),
          telegram: settable(values, 'telegram', httpUrl, URL_WHAT),
        };
      },
      async run(context, input) {
        const links = await audited(context, async (tx, record, now) => {
          const before = await siteLinks(tx);
          for (const link of ['revshare', 'telegram'] as SiteLink[]) {
            const value = input[link];
            if (value !== undefined) await setSiteLink(tx, link, value, now);
          }
          const after = await siteLinks(tx);
          // Showing them only (no option): before and after are the same, so no entry.
          await record({
            action: 'mirror.set_defaults',
            subjectType: 'site_links',
            subjectId: 'default',
            before,
            after,
          });
          return after;
        });
        context.out(`Site-wide: revshare ${shown(links.revshare)}, telegram ${shown(links.telegram)}`);
      },
    }),
  ],
};

function sourcePathArgument(raw: string): string {
  const path = normalizePath(raw);
  if (!path || raw.includes('?') || raw.includes('#')) {
    throw new UsageError(`"${raw}" is not a path starting with / (without query)`);
  }
  return path;
}

export const redirectCommands: CommandGroup = {
  name: 'redirect',
  summary: 'path redirect rules (GET /middleware/redirect); the rule of / is the root redirect',
  commands: [
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List redirect rules',
      parse(positionals) {
        expectPositionals(positionals, []);
        return {};
      },
      async run({ db, out }) {
        const rows = await listRedirectRules(db);
        printTable(out, 'No redirect rules.', [
          ['FROM', 'TO', 'STATUS', 'KIND', 'ENABLED'],
          ...rows.map((row) => [
            row.sourcePath,
            row.target,
            String(row.status),
            row.target.startsWith('/') ? 'internal' : 'external',
            row.enabled ? 'yes' : 'no',
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'set',
      args: '<from> <to> [--status 301|302] [--disabled]',
      summary:
        'Create or replace a rule: <to> is a path (/bonuses) or an http(s) URL (external); default 302',
      options: { status: { type: 'string' }, disabled: { type: 'boolean' } },
      parse(positionals, values) {
        const [rawFrom, rawTo] = expectPositionals(positionals, ['<from>', '<to>']);
        const sourcePath = sourcePathArgument(rawFrom);
        const target = parseRedirectTarget(rawTo);
        if (!target) throw new UsageError(`"${rawTo}" is neither a path starting with / nor an http(s) URL`);
        if (!target.external && normalizePath(target.target) === sourcePath) {
          throw new UsageError(`${sourcePath} cannot redirect to itself`);
        }
        const rawStatus = text(values, 'status') ?? '302';
        if (rawStatus !== '301' && rawStatus !== '302') throw new UsageError('--status must be 301 or 302');
        return {
          sourcePath,
          target: target.target,
          status: Number(rawStatus) as 301 | 302,
          enabled: values.disabled !== true,
        };
      },
      async run(context, input) {
        const { created } = await audited(context, async (tx, record, now) => {
          const before = await findRedirectRule(tx, input.sourcePath);
          const result = await upsertRedirectRule(tx, input, now);
          await record({
            action: 'redirect.set',
            subjectType: 'redirect',
            subjectId: input.sourcePath,
            before: rowState(before),
            after: rowState(result.row),
          });
          return result;
        });
        context.out(
          `${created ? 'Created' : 'Updated'} redirect ${input.sourcePath} → ${input.target} (${input.status}` +
            `${input.enabled ? '' : ', disabled'}).`,
        );
      },
    }),
    defineCommand({
      name: 'remove',
      args: '<from>',
      summary: 'Remove a redirect rule',
      parse(positionals) {
        const [raw] = expectPositionals(positionals, ['<from>']);
        return { sourcePath: sourcePathArgument(raw) };
      },
      async run(context, { sourcePath }) {
        await audited(context, async (tx, record) => {
          const before = await findRedirectRule(tx, sourcePath);
          if (!before || !(await removeRedirectRule(tx, sourcePath)))
            throw new CommandError(`No redirect rule for ${sourcePath}.`);
          await record({
            action: 'redirect.remove',
            subjectType: 'redirect',
            subjectId: sourcePath,
            before: rowState(before),
            after: null,
          });
        });
        context.out(`Removed redirect ${sourcePath}.`);
      },
    }),
  ],
};

function utmArgument(raw: string, name: string): string {
  const value = raw.trim().toLowerCase();
  if (value.length === 0 || value.length > TEXT_MAX)
    throw new UsageError(`<${name}> must be 1 to ${TEXT_MAX} characters`);
  return value;
}

export const utmCampaignCommands: CommandGroup = {
  name: 'utm-campaign',
  summary: 'advertising campaigns: the promo POST /middleware/utm answers for utm_source + utm_campaign',
  commands: [
    defineCommand({
      name: 'list',
      args: '',
      summary: 'List campaigns',
      parse(positionals) {
        expectPositionals(positionals, []);
        return {};
      },
      async run({ db, out }) {
        const rows = await listUtmCampaigns(db);
        printTable(out, 'No UTM campaigns.', [
          ['UTM_SOURCE', 'UTM_CAMPAIGN', 'TYPE', 'VALUE', 'UPDATED (UTC)'],
          ...rows.map((row) => [
            row.utmSource,
            row.utmCampaign,
            row.promoType,
            String(row.promoValue),
            utc(row.updatedAt),
          ]),
        ]);
      },
    }),
    defineCommand({
      name: 'set',
      args: `<utm_source> <utm_campaign> --type ${UTM_PROMO_TYPES.join('|')} --value V`,
      summary: 'Create or change a campaign promo (matched case-insensitively)',
      options: { type: { type: 'string' }, value: { type: 'string' } },
      parse(positionals, values) {
        const [rawSource, rawCampaign] = expectPositionals(positionals, ['<utm_source>', '<utm_campaign>']);
        const type = text(values, 'type');
        if (type === undefined || !isPromoType(type)) {
          throw new UsageError(`--type must be one of ${UTM_PROMO_TYPES.join(', ')}`);
        }
        const rawValue = text(values, 'value');
        if (rawValue === undefined) throw new UsageError('--value V is required');
        let promoValue;
        try {
          promoValue = parsePromoValue(type as UtmPromoType, rawValue);
        } catch (error) {
          throw new UsageError(`--value: ${(error as Error).message}`);
        }
        return {
          utmSource: utmArgument(rawSource, 'utm_source'),
          utmCampaign: utmArgument(rawCampaign, 'utm_campaign'),
          promoType: type,
          promoValue,
        };
      },
      async run(context, input) {
        const { created } = await audited(context, async (tx, record, now) => {
          const before = await findUtmCampaign(tx, input.utmSource, input.utmCampaign);
          const result = await upsertUtmCampaign(tx, input, now);
          await record({
            action: 'utm_campaign.set',
            subjectType: 'utm_campaign',
            subjectId: `${result.row.utmSource}/${result.row.utmCampaign}`,
            before: rowState(before),
            after: rowState(result.row),
          });
          return result;
        });
        context.out(
          `${created ? 'Created' : 'Updated'} campaign ${input.utmSource} / ${input.utmCampaign}: ` +
            `${input.promoType} ${String(input.promoValue)}.`,
        );
      },
    }),
    defineCommand({
      name: 'remove',
      args: '<utm_source> <utm_campaign>',
      summary: 'Remove a campaign (its clicks stay, without promo)',
      parse(positionals) {
        const [rawSource, rawCampaign] = expectPositionals(positionals, ['<utm_source>', '<utm_campaign>']);
        return {
          utmSource: utmArgument(rawSource, 'utm_source'),
          utmCampaign: utmArgument(rawCampaign, 'utm_campaign'),
        };
      },
      async run(context, { utmSource, utmCampaign }) {
        await audited(context, async (tx, record) => {
          const before = await findUtmCampaign(tx, utmSource, utmCampaign);
          if (!before || !(await removeUtmCampaign(tx, utmSource, utmCampaign))) {
            throw new CommandError(`No campaign ${utmSource} / ${utmCampaign}.`);
          }
          await record({
            action: 'utm_campaign.remove',
            subjectType: 'utm_campaign',
            subjectId: `${before.utmSource}/${before.utmCampaign}`,
            before: rowState(before),
            after: null,
          });
        });
        context.out(`Removed campaign ${utmSource} / ${utmCampaign}.`);
      },
    }),
  ],
};

const formatDeposits = (sums: Record<string, bigint>) => {
  const parts = Object.entries(sums)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([currency, minor]) => `${currency} ${money(minor)}`);
  return parts.length > 0 ? parts.join(', ') : '-';
};

export const reportCommands: CommandGroup = {
  name: 'report',
  summary: 'operator reports',
  commands: [
    defineCommand({
      name: 'attribution',
      args: '[--since YYYY-MM-DD]',
      summary: 'Visits, registrations, depositors and deposits per source (stag, partner, utm, advId)',
      options: { since: { type: 'string' } },
      parse(positionals, values) {
        expectPositionals(positionals, []);
        const raw = text(values, 'since');
        return { since: raw === undefined ? null : parseDay(raw) };
      },
      async run({ db, out }, { since }) {
        const rows = await attributionReport(db, since);
        const period = since ? `since ${since.toISOString().slice(0, 10)} (UTC)` : 'all time';
        if (rows.length === 0) {
          out(`No attributed traffic (${period}).`);
          return;
        }
        out(`Attribution, ${period}:`);
        for (const line of table([
          ['SOURCE', 'VISITS', 'REGISTRATIONS', 'DEPOSITORS', 'DEPOSITS'],
          ...rows.map((row) => [
            `${row.kind}:${row.source}`,
            String(row.visits),
            String(row.registrations),
            String(row.depositors),
            formatDeposits(row.depositsMinor),
          ]),
        ]))
          out(line);
        out(
          'A user with several sources counts under each. Registrations: accounts created in the period; ' +
            'depositors and deposits: invoices paid in the period (gross amounts).',
        );
      },
    }),
  ],
};

export const trafficCommands: CommandGroup = {
  name: 'traffic',
  summary: 'raw traffic records (retention)',
  commands: [
    defineCommand({
      name: 'prune',
      args: '--before YYYY-MM-DD',
      summary:
        'Delete visits, IP reports, page-open events, unattached ad clicks and device sightings recorded before that day (UTC)',
      options: { before: { type: 'string' } },
      parse(positionals, values) {
        expectPositionals(positionals, []);
        const raw = text(values, 'before');
        if (raw === undefined) throw new UsageError('--before YYYY-MM-DD is required');
        const before = parseDay(raw, '--before');
        if (before.getTime() > Date.now()) throw new UsageError('--before must not be later than today');
        return { before };
      },
      async run({ db, out, actor }, { before }) {
        const pruned = await pruneTraffic(db, before, actor());
        out(
          `Deleted traffic recorded before ${before.toISOString().slice(0, 10)} (UTC): ` +
            `${pruned.visits} visits, ${pruned.clientReports} IP reports, ` +
            `${pruned.pageOpenEvents} page-open events, ${pruned.adClicks} ad clicks, ` +
            `${pruned.deviceSightings} device sightings.`,
        );
      },
    }),
  ],
};
