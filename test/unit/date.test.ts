import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { countdown, formatDateTime, formatShort, formatTime } from '../../src/lib/date.ts';

// 2025-03-12 00:05:09 UTC: just after midnight, where a 24-hour format can slip to "24:05".
const AT = Date.UTC(2025, 2, 12, 0, 5, 9);

const formats = suite('date formats');
formats('date-time in the language of the user, 24-hour clock', () => {
  assert.is(formatDateTime(AT, 'en-GB', 'UTC'), '12/03/2025, 00:05:09');
  assert.is(formatDateTime(AT, 'en', 'UTC'), '03/12/2025, 00:05:09', 'no AM/PM for English');
  assert.is(formatDateTime(AT, 'zh-CN', 'UTC'), '2025/03/12 00:05:09');
  assert.is(formatDateTime(AT, 'ja', 'UTC'), '2025/03/12 00:05:09');
});
formats('time of day', () => {
  assert.is(formatTime(AT, 'en', 'UTC'), '00:05:09');
  assert.is(formatTime(AT + 13 * 3600e3, 'en', 'UTC'), '13:05:09');
});
formats('short form leaves out year and seconds', () => {
  assert.is(formatShort(AT, 'en-GB', 'UTC'), '12/03, 00:05');
});
formats('Arabic reads as one left-to-right run: no bidi marks, the time not turned around by the comma', () => {
  const text = formatDateTime(AT, 'ar', 'UTC');
  assert.not.match(text, /[\u200e\u200f\u061c]\//, 'no right-to-left marks between day, month and year');
  assert.is(text.replace(/\u200e/g, ''), '12/03/2025، 00:05:09');
  assert.match(text, /\u060c\u200e/, 'the Arabic comma is followed by a left-to-right mark');
  assert.not.match(text, /\u200f/);
});
formats('follows the time zone', () => {
  assert.is(formatTime(AT, 'en', 'Asia/Bangkok'), '07:05:09');
});
formats('accepts every language code of the app', () => {
  for (const code of ['en-au', 'pt-BR', 'es-mx', 'es-pe', 'zh-TW', 'ar', 'az', 'hi']) {
    assert.ok(formatDateTime(AT, code, 'UTC').length > 0, code);
  }
});
formats.run();

const timer = suite('countdown');
timer('mm:ss under an hour', () => {
  assert.is(countdown(0), '00:00');
  assert.is(countdown(5), '00:05');
  assert.is(countdown(65), '01:05');
  assert.is(countdown(3599), '59:59');
});
timer('hh:mm:ss from an hour', () => {
  assert.is(countdown(3600), '01:00:00');
  assert.is(countdown(86399), '23:59:59');
  assert.is(countdown(360000), '100:00:00');
});
timer('never negative, whole seconds', () => {
  assert.is(countdown(-3), '00:00');
  assert.is(countdown(9.9), '00:09');
});
timer.run();
