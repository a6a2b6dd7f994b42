/** Well-formed pictures of a chosen size for the upload tests (their pixels are never decoded). */

/** A 1×1 PNG: signature, header, data, end. */
export const PNG_1PX = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const IEND = Buffer.from('0000000049454e44ae426082', 'hex');

/** A PNG of exactly `size` bytes: a 1×1 header, one data chunk filling the rest, the end. */
export function pngOf(size: number, fill = 7): Buffer {
  const head = PNG_1PX.subarray(0, 33);
  const bytes = Buffer.alloc(size, fill);
  head.copy(bytes);
  bytes.writeUInt32BE(size - head.length - 12 - IEND.length, head.length);
  bytes.write('IDAT', head.length + 4, 'latin1');
  IEND.copy(bytes, size - IEND.length);
  return bytes;
}
