/** The server's picture reader on hand-built files: declared size, metadata removed, picture untouched. */
import { suite } from '../suite.ts';
import * as assert from 'uvu/assert';
import { concat, crc32 } from '../../server/uploads/picture/bytes.ts';
import { readPicture } from '../../server/uploads/picture/index.ts';
import { orientationIn } from '../../server/uploads/picture/orientation.ts';

const text = (s: string) => new TextEncoder().encode(s);
const be16 = (n: number) => Uint8Array.of(n >> 8, n & 0xff);
const be32 = (n: number) => Uint8Array.of(n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff);
const le32 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24);

/** Whether `needle` occurs in `hay`. */
function contains(hay: Uint8Array, needle: Uint8Array): boolean {
  outer: for (let i = 0; i + needle.length <= hay.length; i++) {
    for (let j = 0; j < needle.length; j++) if (hay[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

// ---- a JPEG as a phone writes it ---------------------------------------------------------------

/** 52° 31' 12.34" N, as three EXIF rationals: a position that must not leave the phone's owner. */
const LATITUDE = concat([be32(52), be32(1), be32(31), be32(1), be32(1234), be32(100)]);

/** EXIF (big-endian TIFF): IFD0 with the orientation, a camera model and a GPS IFD with the latitude. */
function exifTiff(orientation: number): Uint8Array {
  // IFD0 at 8: 3 entries (2 + 36 + 4 = 42 bytes) → GPS IFD at 50: 2 entries (2 + 24 + 4 = 30) → data at 80.
  const model = text('Phone X12 serial 0042\0');
  const ifd0 = concat([
    be16(3),
    concat([be16(0x0110), be16(2), be32(model.length), be32(80 + LATITUDE.length)]),
    concat([be16(0x0112), be16(3), be32(1), be16(orientation), be16(0)]),
    concat([be16(0x8825), be16(4), be32(1), be32(50)]),
    be32(0),
  ]);
  const gps = concat([
    be16(2),
    concat([be16(0x0001), be16(2), be32(2), text('N\0'), be16(0)]),
    concat([be16(0x0002), be16(5), be32(3), be32(80)]),
    be32(0),
  ]);
  return concat([text('MM'), be16(42), be32(8), ifd0, gps, LATITUDE, model]);
}

const segment = (marker: number, body: Uint8Array) => concat([Uint8Array.of(0xff, marker), be16(body.length + 2), body]);

const JFIF_WITH_THUMB = segment(0xe0, concat([text('JFIF\0'), Uint8Array.of(1, 2, 0, 0, 72, 0, 72, 1, 1), Uint8Array.of(200, 10, 10)]));
const ICC = segment(0xe2, concat([text('ICC_PROFILE\0'), Uint8Array.of(1, 1), text('sRGB profile bytes')]));
const MPF = segment(0xe2, concat([text('MPF\0'), text('thumbnail index')]));
const XMP = segment(0xe1, text('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta><exif:GPSLatitude>52,31.2N</exif:GPSLatitude></x:xmpmeta>'));
const IPTC = segment(0xed, text('Photoshop 3.0\u00008BIM city: Berlin'));
const COMMENT = segment(0xfe, text('shot at home'));
const DQT = segment(0xdb, concat([Uint8Array.of(0), new Uint8Array(64).fill(1)]));
const SOF0 = segment(0xc0, concat([Uint8Array.of(8), be16(3000), be16(4000), Uint8Array.of(1, 1, 0x11, 0)]));
const DHT = segment(0xc4, concat([Uint8Array.of(0), new Uint8Array(16).fill(0), Uint8Array.of()]));
const SOS = segment(0xda, Uint8Array.of(1, 1, 0, 0, 63, 0));
/** Entropy-coded data with a stuffed 0xFF00 and a restart marker, which are not segment boundaries. */
const SCAN = Uint8Array.of(0x12, 0xff, 0x00, 0x34, 0xff, 0xd0, 0x56, 0x78);
const EOI = Uint8Array.of(0xff, 0xd9);
const MOTION_VIDEO = text('ftypmp42 ... ©xyz+52.52+013.40/');

const jpeg = (...parts: Uint8Array[]) => concat([Uint8Array.of(0xff, 0xd8), ...parts]);
const PICTURE = [DQT, SOF0, DHT, SOS, SCAN, EOI];

const JPEG = suite('readPicture: JPEG');

JPEG('reads the size from SOF and drops EXIF with its GPS block, XMP, IPTC, comments, MPF and what follows the image', () => {
  const phone = jpeg(JFIF_WITH_THUMB, segment(0xe1, concat([text('Exif\0\0'), exifTiff(1)])), ICC, MPF, XMP, IPTC, COMMENT, ...PICTURE, MOTION_VIDEO);
  const got = readPicture(phone, 'image/jpeg')!;
  assert.equal([got.width, got.height], [4000, 3000], 'width and height from the frame header');
  for (const [what, bytes] of [['GPS latitude', LATITUDE], ['camera model', text('Phone X12')], ['XMP', text('xmpmeta')], ['IPTC', text('Berlin')], ['comment', text('shot at home')], ['MPF', text('MPF\0')], ['appended video', text('ftyp')]] as const) {
    assert.not.ok(contains(got.bytes, bytes), `no ${what} left`);
  }
  assert.not.ok(contains(got.bytes, Uint8Array.of(0xff, 0xe1)), 'no APP1 at all: orientation 1 needs none');
  const thumbless = JFIF_WITH_THUMB.slice(0, 18);
  thumbless[3] = 16;
  thumbless[16] = 0;
  thumbless[17] = 0;
  assert.equal([...got.bytes], [...jpeg(thumbless, ICC, ...PICTURE)], 'JFIF without its thumbnail, the ICC profile and the picture, byte for byte and in order');
});

JPEG('a photo turned by its EXIF orientation keeps that orientation alone, so it still shows upright', () => {
  const phone = jpeg(JFIF_WITH_THUMB, segment(0xe1, concat([text('Exif\0\0'), exifTiff(6)])), ...PICTURE);
  const got = readPicture(phone, 'image/jpeg')!;
  assert.not.ok(contains(got.bytes, LATITUDE), 'the GPS block is gone');
  const at = got.bytes.indexOf(0xe1) - 1;
  assert.ok(at > 0 && got.bytes[at] === 0xff, 'a new APP1');
  const body = got.bytes.subarray(at + 4, at + 2 + ((got.bytes[at + 2]! << 8) | got.bytes[at + 3]!));
  assert.equal(new TextDecoder().decode(body.subarray(0, 6)), 'Exif\0\0');
  assert.is(orientationIn(body.subarray(6)), 6, 'rotate 90° is kept');
  assert.is(body.length, 6 + 26, 'and nothing else: one IFD with one entry');
  assert.ok(contains(got.bytes, concat([SOS, SCAN, EOI])), 'the compressed picture is untouched');
});

JPEG('a little-endian EXIF orientation is read too', () => {
  const tiff = Uint8Array.of(0x49, 0x49, 42, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0);
  assert.is(orientationIn(tiff), 8);
});

JPEG('a file without metadata comes back as the same bytes', () => {
  const clean = jpeg(segment(0xe0, concat([text('JFIF\0'), Uint8Array.of(1, 2, 0, 0, 72, 0, 72, 0, 0)])), ...PICTURE);
  assert.is(readPicture(clean, 'image/jpeg')!.bytes, clean);
});

JPEG('cut off, without a frame header, or with a segment running past the end: unreadable', () => {
  assert.is(readPicture(jpeg(DQT, SOF0, DHT, SOS, SCAN), 'image/jpeg'), null, 'no end of image');
  assert.is(readPicture(jpeg(DQT, DHT, SOS, SCAN, EOI), 'image/jpeg'), null, 'no SOF');
  assert.is(readPicture(jpeg(Uint8Array.of(0xff, 0xe1, 0xff, 0xff, 1, 2, 3)), 'image/jpeg'), null, 'length past the end');
  assert.is(readPicture(jpeg(DQT, segment(0xc0, concat([Uint8Array.of(8), be16(0), be16(4000), Uint8Array.of(1, 1, 0x11, 0)])), DHT, SOS, SCAN, EOI), 'image/jpeg'), null, 'height 0');
});

// ---- PNG ---------------------------------------------------------------------------------------

const chunk = (type: string, data: Uint8Array) => {
  const typed = concat([text(type), data]);
  return concat([be32(data.length), typed, be32(crc32(typed))]);
};
const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
const ihdr = (w: number, h: number) => chunk('IHDR', concat([be32(w), be32(h), Uint8Array.of(8, 6, 0, 0, 0)]));
const IDAT = chunk('IDAT', Uint8Array.of(0x78, 0x9c, 1, 2, 3, 4));
const IEND = chunk('IEND', new Uint8Array(0));
const png = (...parts: Uint8Array[]) => concat([SIGNATURE, ...parts]);

const PNG = suite('readPicture: PNG');

PNG('reads the size from IHDR and drops text, EXIF, the time and unknown chunks, keeping colour and transparency', () => {
  const keep = [chunk('iCCP', text('sRGB\0\0profile')), chunk('gAMA', be32(45455)), chunk('tRNS', Uint8Array.of(0, 0))];
  const file = png(
    ihdr(1920, 1080),
    chunk('tEXt', text('Comment\0at home')),
    chunk('eXIf', exifTiff(1)),
    keep[0]!,
    chunk('zTXt', text('Raw profile\0\0xyz')),
    chunk('iTXt', text('XML:com.adobe.xmp\0\0\0\0\0GPS 52.5')),
    keep[1]!,
    chunk('tIME', Uint8Array.of(7, 234, 11, 26, 1, 2, 3)),
    chunk('prVt', text('maker data')),
    keep[2]!,
    IDAT,
    IEND,
    text('appended after IEND'),
  );
  const got = readPicture(file, 'image/png')!;
  assert.equal([got.width, got.height], [1920, 1080]);
  assert.equal([...got.bytes], [...png(ihdr(1920, 1080), ...keep, IDAT, IEND)], 'only what rendering needs, in order, byte for byte');
});

PNG('an EXIF orientation comes back as a minimal eXIf chunk with a valid CRC', () => {
  const got = readPicture(png(ihdr(10, 20), chunk('eXIf', exifTiff(6)), IDAT, IEND), 'image/png')!;
  assert.not.ok(contains(got.bytes, LATITUDE), 'no GPS');
  const exif = chunk('eXIf', got.bytes.subarray(8 + 25 + 8, 8 + 25 + 8 + 26));
  assert.equal([...got.bytes.subarray(8 + 25, 8 + 25 + exif.length)], [...exif], 'right after IHDR, CRC matching');
  assert.is(orientationIn(exif.subarray(8, 8 + 26)), 6);
});

PNG('a PNG without metadata is returned as it is; a cut-off one is unreadable', () => {
  const clean = png(ihdr(1, 1), IDAT, IEND);
  assert.is(readPicture(clean, 'image/png')!.bytes, clean);
  assert.is(readPicture(png(ihdr(1, 1), IDAT), 'image/png'), null, 'no IEND');
  assert.is(readPicture(png(ihdr(1, 1), concat([be32(0x7fffffff), text('IDAT')]), IEND), 'image/png'), null, 'a chunk longer than the file');
});

PNG('a 48 KB file declaring 20000 × 20000 reports that size', () => {
  const bomb = png(ihdr(20000, 20000), chunk('IDAT', new Uint8Array(48 * 1024)), IEND);
  const got = readPicture(bomb, 'image/png')!;
  assert.equal([got.width, got.height], [20000, 20000]);
});

// ---- WebP --------------------------------------------------------------------------------------

const riff = (type: string, data: Uint8Array) => concat([text(type), le32(data.length), data, data.length & 1 ? Uint8Array.of(0) : new Uint8Array(0)]);
const webp = (...chunks: Uint8Array[]) => {
  const body = concat(chunks);
  return concat([text('RIFF'), le32(body.length + 4), text('WEBP'), body]);
};
const le24 = (n: number) => Uint8Array.of(n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff);

const WEBP = suite('readPicture: WebP');

WEBP('reads VP8X, VP8L and VP8 sizes; drops EXIF and XMP and clears their flags', () => {
  const vp8l = riff('VP8L', Uint8Array.of(0x2f, 0x3f, 0xc0, 0x7f, 0x00, 0, 0));
  assert.equal([readPicture(webp(vp8l), 'image/webp')!.width, readPicture(webp(vp8l), 'image/webp')!.height], [64, 512]);
  const vp8 = riff('VP8 ', Uint8Array.of(0, 0, 0, 0x9d, 0x01, 0x2a, 0x80, 0x02, 0xe0, 0x01));
  assert.equal([readPicture(webp(vp8), 'image/webp')!.width, readPicture(webp(vp8), 'image/webp')!.height], [640, 480]);

  const vp8x = (flags: number) => riff('VP8X', concat([Uint8Array.of(flags, 0, 0, 0), le24(4095), le24(2999)]));
  const file = webp(vp8x(0x20 | 0x08 | 0x04), riff('ICCP', text('profile')), vp8, riff('EXIF', exifTiff(1)), riff('XMP ', text('<x:xmpmeta>GPS</x:xmpmeta>')));
  const got = readPicture(file, 'image/webp')!;
  assert.equal([got.width, got.height], [4096, 3000]);
  assert.equal([...got.bytes], [...webp(vp8x(0x20), riff('ICCP', text('profile')), vp8)], 'flags say ICC only; RIFF size rewritten');
});

WEBP('a cut-off WebP is unreadable', () => {
  const file = webp(riff('VP8L', Uint8Array.of(0x2f, 0x3f, 0xc0, 0x7f, 0x00, 0, 0)));
  assert.is(readPicture(file.subarray(0, file.length - 3), 'image/webp'), null);
});

JPEG.run();
PNG.run();
WEBP.run();
