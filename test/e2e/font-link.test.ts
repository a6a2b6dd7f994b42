/** The app links the operator's custom font stylesheet only when its address is https. */
import * as assert from 'uvu/assert';
import type { ConfigItem, Envelope } from '../../src/shared/contract.ts';
import { browserSuite, newMobilePage, traced, waitForApp } from './harness.ts';

const { test, stage } = browserSuite('custom font link');


/** The stylesheet links on /login when the config list the app receives says `customFontFamilyLink: value`. */
async function linksWith(value: string): Promise<string[]> {
  const page = await newMobilePage(stage.browser);
  // As if the database held it: the config list is answered with the value put in. The page goes
  // without the start-up answers it carries, as the service worker's copy does, so the app calls for it.
  await page.route('**/login', async (route) => {
    const res = await route.fetch();
    await route.fulfill({ response: res, body: (await res.text()).replace(/<script type="application\/json" id="sa">[^<]*<\/script>/, '') });
  });
  await page.route('**/prod-api/common/config/list', async (route) => {
    const res = await route.fetch();
    const body = (await res.json()) as Envelope<ConfigItem[]>;
    const data = [...body.data.filter((i) => i.configKey !== 'customFontFamilyLink'), { configKey: 'customFontFamilyLink', configValue: value }];
    await route.fulfill({ response: res, json: { ...body, data } });
  });
  await page.route('https://fonts.example.test/**', (route) => route.fulfill({ contentType: 'text/css', body: 'body{}' }));
  await page.goto(stage.server.url + '/login');
  await waitForApp(page);
  const hrefs = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].map((l) => l.getAttribute('href') ?? ''));
  await page.close();
  return hrefs;
}

test('javascript:, http:, data: and relative addresses are never linked; an https one is', traced(async () => {
  for (const value of ['javascript:alert(document.domain)', 'http://fonts.example.test/a.css', 'data:text/css,body{color:red}', '//fonts.example.test/a.css']) {
    const hrefs = await linksWith(value);
    assert.not.ok(hrefs.some((h) => h.includes('fonts.example.test') || h.startsWith('javascript:') || h.startsWith('data:')), `${value}: not linked (${hrefs.join(', ')})`);
  }
  const hrefs = await linksWith('https://fonts.example.test/a.css');
  assert.ok(hrefs.includes('https://fonts.example.test/a.css'), `an https stylesheet is linked (${hrefs.join(', ')})`);
}));

test.run();
