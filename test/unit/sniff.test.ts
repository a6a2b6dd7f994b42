import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { sniffImage, typeOfName } from '../../server/uploads/sniff.ts';

const b64 = (s: string) => Uint8Array.from(atob(s), (c) => c.charCodeAt(0));
const text = (s: string) => new TextEncoder().encode(s);

const PNG_1PX = b64('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==');
const WEBP_1PX = b64('UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==');
const JPEG_HEAD = Uint8Array.of(0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00);

const sniff = suite('sniffImage');

sniff('recognises PNG, JPEG and WebP by their first bytes', () => {
  assert.equal(sniffImage(PNG_1PX), { type: 'image/png', ext: 'png' }, 'png');
  assert.equal(sniffImage(JPEG_HEAD), { type: 'image/jpeg', ext: 'jpg' }, 'jpeg');
  assert.equal(sniffImage(WEBP_1PX), { type: 'image/webp', ext: 'webp' }, 'webp');
});

sniff('refuses SVG and HTML, whatever they are called', () => {
  assert.is(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')), null, 'svg');
  assert.is(sniffImage(text('<?xml version="1.0"?><svg/>')), null, 'svg with xml prolog');
  assert.is(sniffImage(text('<!DOCTYPE html><html><body>hi</body></html>')), null, 'html');
});

sniff('refuses other formats that share a container', () => {
  assert.is(sniffImage(text('GIF89a\x01\x00\x01\x00')), null, 'gif is not accepted');
  const wav = text('RIFF\x24\x00\x00\x00WAVEfmt ');
  assert.is(sniffImage(wav), null, 'RIFF WAV is not WebP');
  const webpWithoutChunk = text('RIFF\x24\x00\x00\x00WEBPJUNK');
  assert.is(sniffImage(webpWithoutChunk), null, 'WEBP tag without a VP8 chunk');
});

sniff('refuses empty and truncated input', () => {
  assert.is(sniffImage(new Uint8Array(0)), null, 'empty');
  assert.is(sniffImage(PNG_1PX.subarray(0, 4)), null, 'truncated PNG signature');
  assert.is(sniffImage(JPEG_HEAD.subarray(0, 2)), null, 'truncated JPEG signature');
});

sniff.run();

const names = suite('typeOfName');

names('maps stored extensions back to their type', () => {
  assert.is(typeOfName('ab.png'), 'image/png');
  assert.is(typeOfName('ab.jpg'), 'image/jpeg');
  assert.is(typeOfName('ab.webp'), 'image/webp');
  assert.is(typeOfName('ab.svg'), null, 'svg never served as an image');
});

names.run();
