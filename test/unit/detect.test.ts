import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { detectLanguage, matchLanguage } from '../../src/shared/detect-language.ts';

const match = suite('matchLanguage');
match('exact codes, whatever their case', () => {
  assert.is(matchLanguage('en'), 'en');
  assert.is(matchLanguage('en-AU'), 'en-au');
  assert.is(matchLanguage('pt-br'), 'pt-BR');
  assert.is(matchLanguage('ES-MX'), 'es-mx');
  assert.is(matchLanguage('es-PE'), 'es-pe');
});
match('regional variants we lack fall back to their base language', () => {
  assert.is(matchLanguage('en-US'), 'en');
  assert.is(matchLanguage('en-GB'), 'en');
  assert.is(matchLanguage('pt-PT'), 'pt');
  assert.is(matchLanguage('es-AR'), 'es');
  assert.is(matchLanguage('es-419'), 'es');
  assert.is(matchLanguage('fr-CA'), 'fr');
  assert.is(matchLanguage('ar-EG'), 'ar');
  assert.is(matchLanguage('de_AT'), 'de', 'underscore tags from native platforms');
});
match('Chinese: Taiwan, Hong Kong and traditional script to zh-TW, the rest to zh-CN', () => {
  assert.is(matchLanguage('zh-TW'), 'zh-TW');
  assert.is(matchLanguage('zh-HK'), 'zh-TW');
  assert.is(matchLanguage('zh-hk'), 'zh-TW');
  assert.is(matchLanguage('zh-MO'), 'zh-TW');
  assert.is(matchLanguage('zh-Hant'), 'zh-TW');
  assert.is(matchLanguage('zh-Hant-HK'), 'zh-TW');
  assert.is(matchLanguage('zh-CN'), 'zh-CN');
  assert.is(matchLanguage('zh'), 'zh-CN');
  assert.is(matchLanguage('zh-SG'), 'zh-CN');
  assert.is(matchLanguage('zh-Hans-HK'), 'zh-CN', 'simplified script wins over the region');
});
match('unsupported or empty gives nothing', () => {
  assert.is(matchLanguage('sw-KE'), undefined);
  assert.is(matchLanguage('e'), undefined, 'no prefix matching');
  assert.is(matchLanguage(''), undefined);
  assert.is(matchLanguage(null), undefined);
});
match.run();

const detect = suite('detectLanguage');
const none = { browser: [] as string[], useSystem: false };
detect('a saved language wins over everything', () => {
  assert.is(detectLanguage({ saved: 'ja', browser: ['ko-KR'], useSystem: true, configuredDefault: 'th', platformCode: 'vi' }), 'ja');
});
detect('an unsupported saved language is ignored', () => {
  assert.is(detectLanguage({ saved: 'xx', browser: ['ko-KR'], useSystem: true }), 'ko');
});
detect('the browser language when configured, first supported one in order', () => {
  assert.is(detectLanguage({ browser: ['sw', 'pt-PT', 'en'], useSystem: true, configuredDefault: 'th' }), 'pt');
  assert.is(detectLanguage({ browser: ['zh-HK', 'en'], useSystem: true }), 'zh-TW');
  assert.is(detectLanguage({ browser: ['en-US'], useSystem: true, configuredDefault: 'th' }), 'en');
});
detect('the browser is ignored when not configured', () => {
  assert.is(detectLanguage({ browser: ['ko-KR'], useSystem: false, configuredDefault: 'th' }), 'th');
});
detect('configured default, then platform language, then English', () => {
  assert.is(detectLanguage({ browser: ['sw'], useSystem: true, configuredDefault: 'th', platformCode: 'vi' }), 'th');
  assert.is(detectLanguage({ ...none, configuredDefault: 'xx', platformCode: 'vi' }), 'vi');
  assert.is(detectLanguage({ ...none, configuredDefault: '', platformCode: 'pt_BR' }), 'pt-BR');
  assert.is(detectLanguage({ ...none, platformCode: 'xx' }), 'en');
  assert.is(detectLanguage(none), 'en');
});
detect.run();
