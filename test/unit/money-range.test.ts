import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { formatMoneyRange } from '../../src/money/range.ts';
import type { MoneySettings } from '../../src/money/settings.ts';

const test = suite('formatMoneyRange');
const LRI = '\u2066';
const PDI = '\u2069';
const settings = (locale: string, symbol = '$'): MoneySettings => ({ decimals: 2, ratio: '1', symbol, thousands: true, rate: '1', rateOn: false, locale });
/** What a reader sees, without the invisible controls. */
const seen = (text: string) => text.replace(/[\u2066-\u2069\u200e\u200f\u061c]/g, '').replace(/[\u00a0\u202f]/g, ' ');

test('Arabic: one isolated unit, each amount isolated, no right-to-left mark inside to reorder it', () => {
  const text = formatMoneyRange('100', '50000', settings('ar'));
  assert.ok(text.startsWith(LRI) && text.endsWith(PDI), 'the whole range is one isolate');
  assert.ok(text.includes(LRI + '100.00' + PDI), 'the minimum is isolated');
  assert.ok(text.includes(LRI + '50,000.00' + PDI), 'the maximum is isolated');
  assert.not.match(text, /[\u200f\u061c]/, 'no RLM or ALM that would pull the amounts apart');
  assert.is(seen(text), '100.00–50,000.00 $');
});

test('each language writes the range its own way with the configured symbol', () => {
  assert.is(seen(formatMoneyRange('100', '50000', settings('en'))), '$100.00 – $50,000.00');
  assert.is(seen(formatMoneyRange('100', '50000', settings('pt-BR'))), '$ 100,00–50.000,00');
  assert.is(seen(formatMoneyRange('100', '50000', settings('de', 'USDT'))), '100,00–50.000,00 USDT');
  assert.is(seen(formatMoneyRange('5', '5', settings('en'))), '$5.00', 'equal ends: one amount, no "~"');
  assert.is(formatMoneyRange('', '5', settings('en')), '', 'still loading');
});

test('an engine without formatRange (Chrome < 106): both amounts, each isolated, joined by an en dash', () => {
  const proto = Intl.NumberFormat.prototype as { formatRange?: unknown };
  const saved = proto.formatRange;
  delete proto.formatRange;
  try {
    const text = formatMoneyRange('100', '50000', settings('ar'));
    assert.ok(text.startsWith(LRI) && text.endsWith(PDI));
    assert.is(text.split(LRI).length - 1, 3, 'the unit and the two amounts');
    assert.is(seen(text), '100.00 $ – 50,000.00 $');
  } finally {
    proto.formatRange = saved;
  }
});

test.run();
