/**
 * The game page's script and styles: studio/web/play.ts bundled with esbuild on first request (one file,
 * no third-party requests), and studio/web/play.css as it is. Kept in memory for the process's life.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';

const WEB = path.join(import.meta.dirname, '..', 'web');

let script: Promise<string> | null = null;
let styles: Promise<string> | null = null;

export function clientBundle(): Promise<string> {
  script ??= build({
    entryPoints: [path.join(WEB, 'play.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
  }).then((result) => result.outputFiles[0].text);
  return script;
}

export function clientStyles(): Promise<string> {
  styles ??= fs.readFile(path.join(WEB, 'play.css'), 'utf8');
  return styles;
}
