import { startServer } from '/work/wt/meter/test/e2e/harness.ts';
import { readdirSync } from 'node:fs';
import http from 'node:http';
const server = await startServer();
const js = readdirSync('dist/assets').find((f) => f.startsWith('trade-') && f.endsWith('.js'));
const get = (path: string, headers: Record<string, string> = {}) => new Promise<void>((res) => {
  http.get(server.url + path, { headers: { 'accept-encoding': 'br', ...headers } }, (r) => {
    const head = r.rawHeaders.reduce((n, v, i) => n + v.length + (i % 2 ? 2 : 2), 0) + 17;
    let body = 0; r.on('data', (b) => (body += b.length)); r.on('end', () => { console.log(path, 'headers', head, 'body', body); res(); });
  });
});
await get('/home'); await get('/assets/' + js); await get('/banners/welcome.svg'); await get('/locales/' + readdirSync('dist/locales').find((f) => f.startsWith('en-') && f.endsWith('.json')));
await get('/prod-api/h5/symbol/getHomeTickerList', { clientId: 'app' }); await get('/prod-api/common/getLogo');
await server.stop();
