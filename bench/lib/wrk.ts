/**
 * The page load test through wrk (Debian's `wrk`, `apt-get install wrk`), with `BENCH_LOAD=wrk`: a load
 * generator in C takes a fraction of the CPU node:http's client takes for the same requests, and on this
 * two-core machine the generator shares the cores with the server it measures (node:http's client took
 * about half a core at 400 req/s). Otherwise web-stack.ts's own node:http generator runs, and the
 * benchmark says which one measured. Opt-in for now: its first runs gave p99 of 1–5 s on every page,
 * the floor's included (node:http: ~200 ms), and req/s that moved from run to run; not understood yet.
 */
import { spawn, spawnSync } from 'node:child_process';

export interface WrkResult {
  requests: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Answers other than 2xx/3xx, and socket errors. */
  errors: number;
}

/** Whether wrk runs here (Debian's prints `wrk debian/4.1.0-…` for --version). */
export function wrkAvailable(): boolean {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error === undefined && /^wrk /m.test(`${probe.stdout}${probe.stderr}`);
}

/** `12.34ms`, `1.20s`, `850.00us` → milliseconds. */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  if (!match) throw new Error(`wrk: cannot read the duration '${text}'`);
  const value = Number(match[1]);
  return { us: value / 1000, ms: value, s: value * 1000, m: value * 60_000 }[
    match[2] as 'us' | 'ms' | 's' | 'm'
  ];
}

/** Reads wrk's `--latency` report. */
export function parseWrk(output: string): WrkResult {
  const number = (pattern: RegExp) => {
    const match = pattern.exec(output);
    return match ? Number(match[1]) : 0;
  };
  const percentileMs = (p: number) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, 'm').exec(output);
    if (!match) throw new Error(`wrk: no ${p}th percentile in its report:\n${output}`);
    return durationMs(match[1]);
  };
  const requests = number(/(\d+) requests in/);
  const errors =
    number(/Non-2xx or 3xx responses: (\d+)/) +
    [...output.matchAll(/(?:connect|read|write|timeout) (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  return {
    requests,
    perSecond: number(/Requests\/sec:\s+([\d.]+)/),
    p50: percentileMs(50),
    p99: percentileMs(99),
    errors,
  };
}

function wrk(url: string, connections: number, seconds: number): Promise<string> {
  return new Promise((resolve, reject) => {
    // One thread: the generator stays on one core at most (it needs far less at these rates). A slow
    // answer counts in the latency up to 10 s (wrk's own 2 s limit would count it an error instead).
    const child = spawn(
      'wrk',
      ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '--latency', url],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`wrk exited ${code}:\n${out}`)),
    );
  });
}

/** `connections` keep-alive connections on `url` for `seconds` after `warmupSeconds`, through wrk. */
export async function wrkLoad(
  url: string,
  { connections, seconds, warmupSeconds }: { connections: number; seconds: number; warmupSeconds: number },
): Promise<WrkResult> {
  if (warmupSeconds > 0) await wrk(url, connections, warmupSeconds);
  return parseWrk(await wrk(url, connections, seconds));
}
