/**
 * Validation of payout targets (docs/rules.md#payment-methods): card or account digits per bank, wallet addresses per
 * network with their checksums, PIX keys by type. Each failure names the field and has a stable key.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bech32, bech32m, createBase58check } from '@scure/base';
import type { PixKeyType } from '../../src/shared/contract.ts';
import { normalizePixKey, pixKeyValid } from '../../src/shared/pix.ts';
import { eip55Holds } from '../../src/shared/eip55.ts';
import { ADDRESS_FORMATS } from '../../src/shared/address-formats.ts';
import { AppError } from '../http/envelope.ts';

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

const base58check = createBase58check(sha256);

/** The Base58Check payload (the checksum is the first 4 bytes of a double SHA-256), or null. */
function base58Payload(text: string): Uint8Array | null {
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/**
 * A mainnet segwit address: bech32 for witness version 0, bech32m for 1 to 16 (BIP 350), lower or
 * upper case, never mixed (the decoders refuse mixed case).
 */
function isBech32Btc(address: string): boolean {
  for (const [codec, v0] of [[bech32, true], [bech32m, false]] as const) {
    try {
      const { prefix, words } = codec.decode(address as `${string}1${string}`);
      const version = words[0];
      if (prefix === 'bc' && version !== undefined && version <= 16 && (version === 0) === v0) return true;
    } catch {
      // Not this encoding; the other may still hold.
    }
  }
  return false;
}

const evmChecksumHolds = (address: string) => eip55Holds(address, keccak_256);

/**
 * Networks a wallet address can be bound on: the format the user is told about, and the checksum
 * that format carries, checked apart so a user learns which of the two failed.
 */
export const NETWORK_FORMATS: Record<string, { format: RegExp; checksum: (address: string) => boolean; hint: string; failure: 'case' | 'checksum' }> = {
  TRC20: {
    format: ADDRESS_FORMATS.tron,
    // The checksum holds and the version byte is TRON's 0x41.
    checksum: (a) => base58Payload(a)?.[0] === 0x41,
    hint: 'T followed by 33 letters and digits',
    failure: 'checksum',
  },
  ERC20: { format: ADDRESS_FORMATS.evm, checksum: evmChecksumHolds, hint: '0x followed by 40 hexadecimal digits', failure: 'case' },
  BEP20: { format: ADDRESS_FORMATS.evm, checksum: evmChecksumHolds, hint: '0x followed by 40 hexadecimal digits', failure: 'case' },
  BTC: {
    format: ADDRESS_FORMATS.btc,
    checksum: (a) => isBech32Btc(a) || ((p) => !!p && p.length === 21 && (p[0] === 0x00 || p[0] === 0x05))(base58Payload(a)),
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
