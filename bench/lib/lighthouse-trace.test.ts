import { describe, expect, it } from 'vitest';
import { traceSummary } from './lighthouse-trace';

// A page's audit in small: navigation at 1 s (trace µs), its CSS and two scripts, one of which ran before
// the LCP was shown; a long first layout and a short task the simulation would drop.
const T0 = 1_000_000;
const ms = (value: number) => T0 + value * 1000;
const PID = 7;
const TID = 1;
const task = (start: number, duration: number) => ({
  name: 'RunTask',
  ph: 'X',
  ts: ms(start),
  dur: duration * 1000,
  pid: PID,
  tid: TID,
});
const child = (name: string, start: number, duration: number, url?: string) => ({
  name,
  ph: 'X',
  ts: ms(start),
  dur: duration * 1000,
  pid: PID,
  tid: TID,
  args: { data: url ? { url } : {} },
});
const TRACE = {
  traceEvents: [
    {
      name: 'navigationStart',
      ph: 'R',
      ts: T0,
      pid: PID,
      tid: TID,
      args: { data: { isLoadingMainFrame: true, documentLoaderURL: 'http://127.0.0.1:3000/ru' } },
    },
    { name: 'thread_name', ph: 'M', ts: 0, pid: PID, tid: TID, args: { name: 'CrRendererMain' } },
    { name: 'firstPaint', ph: 'I', ts: ms(100), pid: PID, tid: TID },
    { name: 'firstContentfulPaint', ph: 'I', ts: ms(230), pid: PID, tid: TID },
    { name: 'largestContentfulPaint::Candidate', ph: 'I', ts: ms(230), pid: PID, tid: TID },
    task(140, 60),
    child('Layout', 141, 35),
    child('UpdateLayoutTree', 176, 15),
    task(205, 4),
    child('EvaluateScript', 205, 3, 'http://127.0.0.1:3000/_next/static/chunks/early.js'),
    task(300, 30),
    child('EvaluateScript', 300, 29, 'http://127.0.0.1:3000/_next/static/chunks/late.js'),
  ],
};
const request = (id: string, url: string, type: string, end: number) => [
  { method: 'Network.requestWillBeSent', params: { requestId: id, type, request: { url } } },
  { method: 'Network.loadingFinished', params: { requestId: id, timestamp: ms(end) / 1e6 } },
];
const LOG = [
  ...request('1', 'http://127.0.0.1:3000/_next/static/chunks/site.css', 'Stylesheet', 80),
  ...request('2', 'http://127.0.0.1:3000/_next/static/chunks/early.js', 'Script', 150),
  ...request('3', 'http://127.0.0.1:3000/_next/static/chunks/late.js', 'Script', 160),
  ...request('4', 'http://127.0.0.1:3000/art/crash.svg', 'Image', 400),
];

describe('traceSummary', () => {
  const lines = traceSummary({ Trace: TRACE, DevtoolsLog: LOG });

  it('gives the observed paints', () => {
    expect(lines[0]).toBe(
      '  observed: firstPaint 100 ms, firstContentfulPaint 230 ms, largestContentfulPaint 230 ms',
    );
  });

  it('names the scripts that finished and ran before the observed LCP, not one that ran after it', () => {
    expect(lines[1]).toBe(
      "  finished before the observed LCP: 3 requests; scripts also run before it (counted in Lantern's LCP): early.js",
    );
  });

  it('lists the tasks of 10 ms or more, longest first, with their work, and leaves out shorter ones', () => {
    expect(lines.slice(3).map((line) => line.trim().split(/\s+/).slice(0, 6).join(' '))).toEqual([
      '140 ms 60.0 ms 240 ms',
      '300 ms 30.0 ms 120 ms',
    ]);
    expect(lines[3]).toContain('Layout 35.0, UpdateLayoutTree 15.0');
    expect(lines[4]).toContain('EvaluateScript late.js 29.0');
  });

  it('says so when the audit has no trace', () => {
    expect(traceSummary({})).toEqual(['  (no trace in the audit)']);
  });
});
