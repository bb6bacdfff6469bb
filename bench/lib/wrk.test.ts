import { describe, expect, it } from 'vitest';
import { parseWrk } from './wrk';

const REPORT = `Running 10s test @ http://127.0.0.1:3000/ru
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency    68.41ms   12.10ms 301.22ms   91.02%
    Req/Sec   733.12     60.01   830.00     72.00%
  Latency Distribution
     50%   66.02ms
     75%   70.13ms
     90%   76.40ms
     99%  120.50ms
  7301 requests in 10.01s, 256.05MB read
  Socket errors: connect 0, read 2, write 0, timeout 1
  Non-2xx or 3xx responses: 4
Requests/sec:    729.40
Transfer/sec:     25.58MB
`;

describe('parseWrk', () => {
  it("reads wrk's --latency report", () => {
    expect(parseWrk(REPORT)).toEqual({ requests: 7301, perSecond: 729.4, p50: 66.02, p99: 120.5, errors: 7 });
  });

  it('reads microseconds and seconds, and a report without errors', () => {
    const quiet = REPORT.replace('66.02ms', '850.00us')
      .replace('120.50ms', '1.20s')
      .replace(/ {2}Socket errors.*\n/, '')
      .replace(/ {2}Non-2xx.*\n/, '');
    expect(parseWrk(quiet)).toMatchObject({ p50: 0.85, p99: 1200, errors: 0 });
  });

  it('refuses a report without percentiles', () => {
    expect(() => parseWrk('Requests/sec: 1.0')).toThrow(/50th percentile/);
  });
});
