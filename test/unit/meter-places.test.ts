/**
 * Every way the app's code puts bytes on the network is one the data meter counts (docs/rules.md,
 * the data meter): the test finds the places by itself, so a new socket, beacon or worker that the
 * meter would not hear of fails here. The page's fetch and XMLHttpRequest need no place of their
 * own: the meter counts every one (src/meter/count.ts).
 */
import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WARM_UP } from '../../src/boot/warm-up.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The app's sources; the operator console is another app, on the admin port, with no meter. */
function appSources(): Array<{ file: string; text: string }> {
  const out: Array<{ file: string; text: string }> = [];
  const walk = (d: string) => {
    for (const e of readdirSync(path.join(root, d), { withFileTypes: true })) {
      const p = path.join(d, e.name);
      if (e.isDirectory()) {
        if (p !== path.join('src', 'console')) walk(p);
      } else if (/\.tsx?$/.test(e.name)) out.push({ file: p, text: readFileSync(path.join(root, p), 'utf8') });
    }
  };
  walk('src');
  return out;
}

const sources = appSources();

test('every push socket the app opens goes through the meter, its handshake and frames both ways', () => {
  const opened = sources.flatMap((s) => s.text.split('\n').filter((l) => /new WebSocket\(/.test(l)).map((l) => ({ file: s.file, line: l.trim() })));
  assert.ok(opened.length > 0, 'the push socket is found');
  for (const o of opened) assert.match(o.line, /meterSocket\(new WebSocket\(/, `${o.file}: ${o.line}`);
});

test('no beacon or event stream: the meter has no way to hear of them', () => {
  for (const s of sources) assert.not.match(s.text, /sendBeacon\(|new EventSource\(/, s.file);
});

test('every worker the app starts is the market worker, whose fetches reach the meter, or the warm-up, which fetches nothing', () => {
  const started = sources.flatMap((s) => s.text.split('\n').filter((l) => /new (Shared)?Worker\(/.test(l)).map((l) => ({ file: s.file, line: l.trim() })));
  assert.ok(started.length > 0, 'the market worker is found');
  for (const w of started) {
    if (w.file === path.join('src', 'boot', 'warm-up.ts')) assert.match(w.line, /new Worker\(url\)/, `${w.file}: ${w.line}`);
    else assert.match(w.line, /new Worker\(__WORKER_URL__\)/, `${w.file}: ${w.line}`);
  }
  assert.match(WARM_UP, /^[\w .;()]+$/, 'the warm-up runs code of its own, formats alone');
  assert.not.match(WARM_UP, /fetch|Request|Socket|import|Source|Beacon/, 'and asks for nothing');
  const worker = readFileSync(path.join(root, 'src/market/worker.ts'), 'utf8');
  assert.match(worker, /type: 'bytes'/, 'the market worker posts its Resource Timing');
  const store = readFileSync(path.join(root, 'src/stores/market.ts'), 'utf8');
  assert.match(store, /reportFetches\(msg\.entries\)/, 'the page hands it to the meter');
  const sw = readFileSync(path.join(root, 'src/sw/sw.ts'), 'utf8');
  assert.match(sw, /PerformanceObserver/, 'the service worker keeps its fetches for the meter');
});

test.run();
