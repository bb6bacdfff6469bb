/**
 * `bench:lighthouse -- --trace`: what Lighthouse's simulation (Lantern) was given, read off the trace and
 * network log of the audit itself, unthrottled, as this machine ran the page.
 *
 * - The observed first paint, first contentful paint and LCP, and the first-load requests that finished
 *   before that LCP: Lantern's LCP counts every such request (but low-priority images and scripts first
 *   run after it), so a script that arrives and runs before the first frame is shown costs LCP.
 * - The main thread's tasks of at least 10 ms with what they spent their time on: Lantern drops shorter
 *   ones and multiplies the rest by 4; a task over 12.5 ms here is blocking time in the report. Nested
 *   events overlap (a script's evaluation includes the microtasks it runs).
 */

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

interface DevtoolsMessage {
  method: string;
  params: {
    requestId?: string;
    timestamp?: number;
    type?: string;
    request?: { url: string; initialPriority?: string };
  };
}

/** Lantern's threshold: observed tasks shorter than this are left out of its simulation. */
const SIGNIFICANT_TASK_MS = 10;
/** The events a task's time is summed by; the rest are markers or parts of these. */
const WORK_EVENTS = new Set([
  'EvaluateScript',
  'FunctionCall',
  'TimerFire',
  'EventDispatch',
  'FireAnimationFrame',
  'RunMicrotasks',
  'XHRReadyStateChange',
  'ParseHTML',
  'ParseAuthorStyleSheet',
  'UpdateLayoutTree',
  'Layout',
  'Paint',
  'MajorGC',
  'MinorGC',
  'v8.compile',
]);
const LIMIT_TASKS = 14;
const TOP_EVENTS = 4;

const fileOf = (url: unknown) => (typeof url === 'string' ? (url.split('/').pop() ?? url) : '');

/** The lines the `--trace` option prints for one audit. */
export function traceSummary(artifacts: unknown): string[] {
  const { Trace, DevtoolsLog } = artifacts as {
    Trace?: { traceEvents: TraceEvent[] };
    DevtoolsLog?: DevtoolsMessage[];
  };
  if (!Trace || !DevtoolsLog) return ['  (no trace in the audit)'];
  const events = Trace.traceEvents;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      (e.args?.data?.isLoadingMainFrame as boolean | undefined) === true &&
      String(e.args?.data?.documentLoaderURL ?? '').startsWith('http'),
  );
  if (!navigation) return ['  (no navigation in the trace)'];
  const at = (ts: number) => (ts - navigation.ts) / 1000;
  const main = events.find(
    (e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && e.pid === navigation.pid,
  );
  const lines: string[] = [];

  const paints = ['firstPaint', 'firstContentfulPaint', 'largestContentfulPaint::Candidate'];
  const marks = events.filter((e) => paints.includes(e.name) && e.pid === navigation.pid);
  const lcp = marks.filter((e) => e.name === 'largestContentfulPaint::Candidate').pop();
  const lcpAt = lcp ? at(lcp.ts) : Number.NaN;
  lines.push(
    `  observed: ${marks.map((e) => `${e.name.replace('::Candidate', '')} ${at(e.ts).toFixed(0)} ms`).join(', ')}`,
  );

  const evaluated = new Map<string, number>();
  for (const e of events) {
    if (e.name !== 'EvaluateScript' || e.pid !== navigation.pid) continue;
    const file = fileOf(e.args?.data?.url);
    if (file && !evaluated.has(file)) evaluated.set(file, at(e.ts));
  }
  const requests = new Map<string, { url: string; type: string; end?: number }>();
  for (const message of DevtoolsLog) {
    const id = message.params.requestId;
    if (!id) continue;
    if (message.method === 'Network.requestWillBeSent' && message.params.request) {
      requests.set(id, { url: message.params.request.url, type: message.params.type ?? '' });
    } else if (message.method === 'Network.loadingFinished' && message.params.timestamp !== undefined) {
      const request = requests.get(id);
      if (request) request.end = (message.params.timestamp * 1e6 - navigation.ts) / 1000;
    }
  }
  const beforeLcp = [...requests.values()].filter((r) => r.end !== undefined && r.end <= lcpAt);
  const scriptsRun = beforeLcp
    .filter((r) => r.type === 'Script' && (evaluated.get(fileOf(r.url)) ?? Infinity) <= lcpAt)
    .map((r) => fileOf(r.url));
  lines.push(
    `  finished before the observed LCP: ${beforeLcp.length} requests; scripts also run before it (counted in Lantern's LCP): ${scriptsRun.join(' ') || 'none'}`,
  );

  if (!main) return lines;
  const mine = events
    .filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X')
    .sort((a, b) => a.ts - b.ts);
  const tasks = mine.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= SIGNIFICANT_TASK_MS * 1000);
  lines.push(
    `  main-thread tasks of ${SIGNIFICANT_TASK_MS} ms or more (start, observed, ×4), and their work:`,
  );
  for (const task of [...tasks].sort((a, b) => (b.dur ?? 0) - (a.dur ?? 0)).slice(0, LIMIT_TASKS)) {
    const end = task.ts + (task.dur ?? 0);
    const work = new Map<string, number>();
    for (const e of mine) {
      if (e.ts < task.ts || e.ts + (e.dur ?? 0) > end || !WORK_EVENTS.has(e.name)) continue;
      const what = `${e.name} ${fileOf(e.args?.data?.url)}`.trim();
      work.set(what, (work.get(what) ?? 0) + (e.dur ?? 0) / 1000);
    }
    const top = [...work]
      .sort((a, b) => b[1] - a[1])
      .slice(0, TOP_EVENTS)
      .map(([what, ms]) => `${what} ${ms.toFixed(1)}`)
      .join(', ');
    const ms = (task.dur ?? 0) / 1000;
    lines.push(
      `    ${at(task.ts).toFixed(0).padStart(5)} ms  ${ms.toFixed(1).padStart(5)} ms  ${(ms * 4).toFixed(0).padStart(4)} ms  ${top}`,
    );
  }
  return lines;
}
