import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { circles, importGraph } from './import-graph.ts';

test('the finder sees a circle that runs through a lazy import', () => {
  const graph = new Map([
    ['app/routes.ts', ['screens/home.tsx']],
    ['screens/home.tsx', ['screens/prefetch.ts']],
    ['screens/prefetch.ts', ['app/routes.ts']],
    ['app/main.tsx', ['app/routes.ts']],
  ]);
  assert.equal(circles(graph), [['app/routes.ts', 'screens/home.tsx', 'screens/prefetch.ts']]);
});

test('no module of the app imports itself back, however far round, lazy and type-only imports included', () => {
  assert.equal(circles(importGraph('src')), []);
});

test('no module of the server imports itself back, however far round', () => {
  assert.equal(circles(importGraph('server')), []);
});

test.run();
