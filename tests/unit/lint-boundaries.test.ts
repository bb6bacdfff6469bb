// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The one-way imports of STYLE.md are held by eslint.config.mjs (`import/no-restricted-paths`, one zone per
 * layer and per feature, and `import/no-cycle`): a wrong import fails `npm run lint`. Each case lints one
 * line of source as if it were a file at `filePath` and reads which of the two rules fired. The imported
 * files are real files of the tree, so the resolver finds them.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const RULES = ['import/no-restricted-paths', 'import/no-cycle'];

/** The project's config; `import/no-cycle` cannot run on a file that is not on disk, so it is off here. */
let eslint: ESLint;
/**
 * The project's config, with `import/no-cycle` told to follow the source given rather than the copy on
 * disk (`disableScc`: its shortcut reads the imports of the linted file from disk).
 */
let cycles: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfig: { rules: { 'import/no-cycle': 'off' } } });
  cycles = new ESLint({
    cwd: root,
    overrideConfig: { rules: { 'import/no-cycle': ['error', { maxDepth: 8, disableScc: true }] } },
  });
});

async function firedRules(filePath: string, code: string, linter = eslint): Promise<string[]> {
  const [result] = await linter.lintText(`${code}\n`, { filePath: `${root}${filePath}` });
  expect(result.messages.filter((message) => message.fatal)).toEqual([]);
  return result.messages.map((message) => message.ruleId ?? '').filter((rule) => RULES.includes(rule));
}

describe('import boundaries (eslint.config.mjs)', () => {
  it.each([
    [
      'a feature importing another feature',
      'features/billing/components/boundary-probe.tsx',
      "import { x } from '@/features/bonuses/constants';",
    ],
    [
      'a feature importing another feature by a relative path',
      'features/games/dice/boundary-probe.ts',
      "import { x } from '../../bonuses/constants';",
    ],
    ['lib importing a feature', 'lib/boundary-probe.ts', "import { x } from '@/features/bonuses/constants';"],
    [
      'components importing a feature',
      'components/layout/boundary-probe.tsx',
      "import { x } from '@/features/billing/constants';",
    ],
    [
      'a feature importing the app',
      'features/billing/boundary-probe.ts',
      "import { x } from '@/app/[locale]/(default)/error';",
    ],
    [
      'the server importing a feature',
      'server/modules/boundary-probe.ts',
      "import { x } from '../../features/billing/constants';",
    ],
    [
      'the server importing components',
      'server/boundary-probe.ts',
      "import { x } from '../components/ui/captcha';",
    ],
    ['lib importing the server', 'lib/boundary-probe.ts', "import { x } from '@/server/config';"],
  ])('fails %s', async (_name, filePath, code) => {
    expect(await firedRules(filePath, code)).toContain('import/no-restricted-paths');
  });

  it.each([
    [
      'a feature importing its own files, lib and components',
      'features/billing/components/boundary-probe.tsx',
      [
        "import { x } from '../constants';",
        "import { y } from '@/features/billing/format';",
        "import { profileQueryKey } from '@/lib/session/get-profile';",
        "import { Captcha } from '@/components/ui/captcha';",
      ].join('\n'),
    ],
    [
      'the app importing a feature',
      'app/[locale]/(default)/boundary-probe.tsx',
      "import { x } from '@/features/billing/constants';",
    ],
    ['the server importing lib', 'server/boundary-probe.ts', "import { x } from '../lib/contracts/games';"],
    ['lib importing lib', 'lib/session/boundary-probe.ts', "import { x } from '@/lib/session/get-profile';"],
  ])('passes %s', async (_name, filePath, code) => {
    expect(await firedRules(filePath, code)).toEqual([]);
  });

  it.each([
    'app/[locale]/layout.tsx',
    'components/ui/captcha.tsx',
    'features/games/dice/dice-game.tsx',
    'lib/money.ts',
  ])('checks %s for import cycles', async (filePath) => {
    const project = await new ESLint({ cwd: root }).calculateConfigForFile(`${root}${filePath}`);
    expect(project.rules['import/no-cycle']?.[0]).toBe(2);
  });

  it('fails an import cycle among the web files', async () => {
    // lib/session/get-profile.ts imports lib/session/session-keys.ts: importing it back closes a cycle.
    const code = "import { getProfile } from './get-profile';\nexport const x = getProfile;";
    expect(await firedRules('lib/session/session-keys.ts', code, cycles)).toContain('import/no-cycle');
  });
});
