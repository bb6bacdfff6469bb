/**
 * `ANALYZE=1 NEXT_DIST_DIR=.next-analyze next build`, then
 * `node scripts/analyze-chunks.mjs [.next-analyze] [route…]`: the first-load JS of each route (as
 * bench:web counts it: the root main files and the route's entry chunks), and which packages and source
 * folders its bytes come from, attributed through the browser source maps (minified bytes per source,
 * scaled to the chunk's gzipped size).
 */
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const dist = args[0] && !args[0].startsWith('/') ? args.shift() : '.next-analyze';
const routes = args.length ? args : ['/[locale]/(default)/page', '/[locale]/(default)/games/dice/page'];

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
function decodeVlq(segment) {
  const out = [];
  let value = 0;
  let shift = 0;
  for (const ch of segment) {
    const digit = B64.indexOf(ch);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

/** Bytes of generated code per source file, from a v3 source map (plain or indexed). */
function bytesPerSource(map, code) {
  const sizes = new Map();
  const add = (source, n) => sizes.set(source, (sizes.get(source) ?? 0) + n);
  if (map.sections) {
    const lines = code.split('\n');
    map.sections.forEach((section, i) => {
      const next = map.sections[i + 1]?.offset;
      const start = section.offset;
      const part = lines
        .slice(start.line, next ? next.line + 1 : undefined)
        .map((l, j, all) =>
          j === 0 && j === all.length - 1 && next
            ? l.slice(start.column, next.column)
            : j === 0
              ? l.slice(start.column)
              : next && j === all.length - 1
                ? l.slice(0, next.column)
                : l,
        )
        .join('\n');
      for (const [s, n] of bytesPerSource(section.map, part)) add(s, n);
    });
    return sizes;
  }
  const lines = code.split('\n');
  let src = 0;
  map.mappings.split(';').forEach((lineMap, lineNo) => {
    const line = lines[lineNo] ?? '';
    let col = 0;
    const segs = lineMap ? lineMap.split(',').map(decodeVlq) : [];
    let prev = null;
    for (const seg of segs) {
      col += seg[0];
      if (prev) add(prev.source, col - prev.col);
      if (seg.length >= 4) src += seg[1];
      prev = seg.length >= 4 ? { source: map.sources[src], col } : null;
    }
    if (prev) add(prev.source, line.length - prev.col);
  });
  return sizes;
}

function group(source) {
  const s = source.replace(/^.*?\[project\]\//, '').replace(/^turbopack:\/\/\/?/, '');
  const nm = s.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (nm) return `npm:${nm[1]}`;
  return s.split('/').slice(0, 3).join('/');
}

const build = JSON.parse(readFileSync(path.join(dist, 'build-manifest.json'), 'utf8'));
for (const route of routes) {
  const sandbox = {};
  vm.runInNewContext(
    readFileSync(path.join(dist, 'server', 'app', `${route}_client-reference-manifest.js`), 'utf8'),
    sandbox,
  );
  const entry = sandbox.__RSC_MANIFEST[route].entryJSFiles;
  const files = new Set([...build.rootMainFiles, ...Object.values(entry).flat()]);
  const totals = new Map();
  let total = 0;
  for (const file of files) {
    const code = readFileSync(path.join(dist, file), 'utf8');
    const gz = zlib.gzipSync(code).length;
    total += gz;
    const mapName = code.match(/\/\/# sourceMappingURL=(\S+)\s*$/)?.[1];
    const mapFile = mapName ? path.join(dist, path.dirname(file), mapName) : '';
    if (!mapName || !existsSync(mapFile)) {
      totals.set(`(no map) ${file}`, gz);
      continue;
    }
    const sizes = bytesPerSource(JSON.parse(readFileSync(mapFile, 'utf8')), code);
    const mapped = [...sizes.values()].reduce((a, b) => a + b, 0) || 1;
    for (const [source, n] of sizes) {
      const key = group(source ?? '(unmapped)');
      totals.set(key, (totals.get(key) ?? 0) + (n / mapped) * gz);
    }
  }
  console.log(`\n${route}: ${(total / 1000).toFixed(1)} kB gz in ${files.size} chunks`);
  for (const [key, n] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, 45)) {
    console.log(`${(n / 1000).toFixed(1).padStart(7)} kB  ${key}`);
  }
}
