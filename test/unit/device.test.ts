import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { isMobile } from '../../src/lib/device.ts';

const UA = {
  android: 'Mozilla/5.0 (Linux; Android 7.0; SM-G930F Build/NRD90M; wv) AppleWebKit/537.36 Chrome/61.0.3163.98 Mobile Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 11_0 like Mac OS X) AppleWebKit/604.1.38 Mobile/15A372 Safari/604.1',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
  ipod: 'Mozilla/5.0 (iPod touch; CPU iPhone OS 12_0 like Mac OS X) AppleWebKit/605.1.15',
  symbian: 'Mozilla/5.0 (SymbianOS/9.4; Series60/5.0 Nokia5800d-1/52.50.2008.37) AppleWebKit/525',
  winphone: 'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) Edge/15.14977',
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36',
  mac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Safari/605.1.15',
};

const mobile = suite('isMobile');
mobile('every phone user agent on a narrow screen', () => {
  for (const k of ['android', 'iphone', 'ipad', 'ipod', 'symbian', 'winphone'] as const) {
    assert.ok(isMobile(UA[k], 390), k);
  }
});
mobile('the screen may be exactly the device width, not wider', () => {
  assert.ok(isMobile(UA.android, 450));
  assert.not.ok(isMobile(UA.android, 451));
  assert.not.ok(isMobile(UA.ipad, 768), 'a tablet wider than the column is a desktop layout');
  assert.ok(isMobile(UA.ipad, 768, 800), 'with a wider configured device width');
});
mobile('desktop user agents are never mobile, even in a narrow window', () => {
  assert.not.ok(isMobile(UA.desktop, 400));
  assert.not.ok(isMobile(UA.mac, 400));
});
mobile.run();
