/**
 * Validation of payout targets (docs/rules.md#payment-methods): card or account digits per bank, wallet addresses per
 * network with their checksums, PIX keys by type. Each failure names the field and has a stable key.
 */
import { createHash } from 'node:crypto';
import type { PixKeyType } from '../../src/shared/contract.ts';
import { normalizePixKey, pixKeyValid } from '../../src/shared/pix.ts';
import { AppError } from '../http/envelope.ts';
import { evmChecksumHolds } from './keccak.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest();

export const cardInvalid = (lengths: number[]) =>
  new AppError(400, 'card.invalid', `Bank card number entered incorrectly: this bank's numbers have ${lengths.join(' or ')} digits`, {
    field: 'cardNo',
    lengths: lengths.join('/'),
  });

/** Digits only once spaces are removed (the app groups them by 4); the length must be one of the bank's. */
export function checkCardNo(value: string, lengths: number[]): string {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || !lengths.includes(digits.length)) throw cardInvalid(lengths);
  return digits;
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

function base58Decode(text: string): Uint8Array | null {
  let n = 0n;
  for (const c of text) {
    const v = BASE58.indexOf(c);
    if (v < 0) return null;
    n = n * 58n + BigInt(v);
  }
  const bytes: number[] = [];
  while (n > 0n) {
    bytes.unshift(Number(n & 0xffn));
    n >>= 8n;
  }
  for (const c of text) {
    if (c !== '1') break;
    bytes.unshift(0);
  }
  return Uint8Array.from(bytes);
}

/** Base58Check: payload + first 4 bytes of double SHA-256; answers the payload or null. */
function base58Check(text: string): Uint8Array | null {
  const bytes = base58Decode(text);
  if (!bytes || bytes.length < 5) return null;
  const payload = bytes.subarray(0, -4);
  const sum = sha256(sha256(payload)).subarray(0, 4);
  return Buffer.compare(sum, Buffer.from(bytes.subarray(-4))) === 0 ? payload : null;
}

const BECH32 = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32Polymod(values: number[]): number {
  const GEN = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
  let chk = 1;
  for (const v of values) {
    const top = chk >>> 25;
    chk = ((chk & 0x1ffffff) << 5) ^ v;
    for (let i = 0; i < 5; i++) if ((top >>> i) & 1) chk ^= GEN[i]!;
  }
  return chk >>> 0;
}

/** A mainnet segwit address: bech32 (v0) or bech32m (v1+), lower or upper case, never mixed. */
function isBech32Btc(address: string): boolean {
  if (address !== address.toLowerCase() && address !== address.toUpperCase()) return false;
  const a = address.toLowerCase();
  if (!/^bc1[qpzry9x8gf2tvdw0s3jn54khce6mua7l]{11,71}$/.test(a)) return false;
  const data = [...a.slice(3)].map((c) => BECH32.indexOf(c));
  const hrp = [...'bc'].map((c) => c.charCodeAt(0));
  const expanded = [...hrp.map((c) => c >> 5), 0, ...hrp.map((c) => c & 31)];
  const check = bech32Polymod([...expanded, ...data]);
  const version = data[0]!;
  if (version > 16) return false;
  return version === 0 ? check === 1 : check === 0x2bc830a3;
}

/**
 * Networks a wallet address can be bound on: the format the user is told about, and the checksum
 * that format carries, checked apart so a user learns which of the two failed.
 */
export const NETWORK_FORMATS: Record<string, { format: RegExp; checksum: (address: string) => boolean; hint: string; failure: 'case' | 'checksum' }> = {
  TRC20: {
    format: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
    // The checksum holds and the version byte is TRON's 0x41.
    checksum: (a) => base58Check(a)?.[0] === 0x41,
    hint: 'T followed by 33 letters and digits',
    failure: 'checksum',
  },
  ERC20: { format: /^0x[0-9a-fA-F]{40}$/, checksum: evmChecksumHolds, hint: '0x followed by 40 hexadecimal digits', failure: 'case' },
  BEP20: { format: /^0x[0-9a-fA-F]{40}$/, checksum: evmChecksumHolds, hint: '0x followed by 40 hexadecimal digits', failure: 'case' },
  BTC: {
    format: /^([13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})$/,
    checksum: (a) => isBech32Btc(a) || ([0x00, 0x05].includes(base58Check(a)?.[0] ?? -1) && base58Check(a)!.length === 21),
    hint: 'bc1… or an address starting with 1 or 3',
    failure: 'checksum',
  },
};

export const addressInvalid = (network: string) =>
  new AppError(400, 'address.invalid', `Enter the correct wallet address format (${network}: ${NETWORK_FORMATS[network]?.hint ?? ''})`, {
    field: 'address',
    network,
  });

/** The format is right but the checksum fails: for EVM addresses that is the letter case (EIP-55). */
export const addressChecksum = (network: string) =>
  NETWORK_FORMATS[network]?.failure === 'case'
    ? new AppError(400, 'address.case', `This ${network} address has the right format, but its letter case does not match its checksum: check the capital and small letters, or paste it again`, { field: 'address', network })
    : new AppError(400, 'address.checksum', `This ${network} address has the right format, but its checksum does not match: a character is mistyped; paste it again`, { field: 'address', network });

export function checkAddress(network: string, value: string): string {
  const address = value.trim();
  const format = NETWORK_FORMATS[network];
  if (!format) throw new AppError(400, 'address.network', 'This network is not supported', { field: 'network' });
  if (!format.format.test(address)) throw addressInvalid(network);
  if (!format.checksum(address)) throw addressChecksum(network);
  return address;
}

const PIX_MESSAGES: Record<PixKeyType, string> = {
  cpf: 'CPF must be 11 digits with valid check digits',
  cnpj: 'CNPJ must be 14 digits with valid check digits',
  email: 'Enter a valid e-mail format',
  phone: 'Phone must be +55 followed by the area code and number',
  random: 'A random key is a UUID (8-4-4-4-12 hexadecimal digits)',
};

export const PIX_TYPES: Array<{ type: PixKeyType; name: string; example: string }> = [
  { type: 'cpf', name: 'CPF', example: '123.456.789-09' },
  { type: 'cnpj', name: 'CNPJ', example: '11.222.333/0001-81' },
  { type: 'email', name: 'E-mail', example: 'name@example.com' },
  { type: 'phone', name: 'Phone', example: '+5511987654321' },
  { type: 'random', name: 'Random key', example: '123e4567-e89b-42d3-a456-426614174000' },
];

/** The key normalized (digits only for CPF/CNPJ, lower case for e-mail and UUID). */
export function checkPixKey(type: PixKeyType, value: string): string {
  const key = normalizePixKey(type, value);
  if (!pixKeyValid(type, key)) throw new AppError(400, `pix.${type}`, PIX_MESSAGES[type], { field: 'pixKey' });
  return key;
}
