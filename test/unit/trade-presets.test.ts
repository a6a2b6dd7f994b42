import { test } from '../suite.ts';
import * as assert from 'uvu/assert';
import { presetsFor } from '../../src/screens/trade/presets.ts';

const presets = ['100', '500', '1000', '5000', '10000'];

test('a preset over the expiry\'s maximum is not offered; the limits are', () => {
  assert.equal(presetsFor(presets, { minAmount: '10', maxAmount: '5000' }), ['10', '100', '500', '1000', '5000']);
});

test('presets under the minimum go, and the row holds five at most', () => {
  assert.equal(presetsFor(presets, { minAmount: '2000', maxAmount: '500000' }), ['2000', '5000', '10000', '500000']);
  assert.equal(presetsFor(['20', '30', '40', '50', '60', '70'], { minAmount: '10', maxAmount: '100' }), ['10', '20', '30', '40', '100']);
});

test('limits compare as decimals, not as text, and one amount is offered once', () => {
  assert.equal(presetsFor(['9.5', '10.25', '99'], { minAmount: '9.5', maxAmount: '10.25' }), ['9.5', '10.25']);
  assert.equal(presetsFor(presets, { minAmount: '500', maxAmount: '500' }), ['500']);
});

test.run();
