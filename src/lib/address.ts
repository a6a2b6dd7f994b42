/**
 * Wallet addresses as the add-payment form checks them, one reason at a time: the format of the
 * network, then the checksum a format carries (TRON's Base58Check; an EVM address's letter case, an
 * EIP-55 checksum whose Keccak loads only when such an address is typed). The reason is the
 * server's own key, so the form and the server say the same words.
 */
import { ADDRESS_FORMATS } from '../shared/address-formats.ts';
import { base58Check } from '../shared/base58check.ts';
import { required, type Invalid } from './validators.ts';

const { tron: TRC20, evm: EVM, btc: BTC } = ADDRESS_FORMATS;

/**
 * The address format of `network` (names such as `TRC20`, `USDT-ERC20`, `BEP20`, `BTC`); an
 * unknown network accepts any of the three formats. Checksums: `addressProblem` below and the server.
 */
export function walletAddress(v: string, network = ''): Invalid {
  if (required(v)) return 'v.required';
  const a = v.trim();
  const n = network.toUpperCase();
  const ok = /TRC|TRON/.test(n)
    ? TRC20.test(a)
    : /ERC|BEP|ETH|BSC|ARB|POLYGON|MATIC/.test(n)
      ? EVM.test(a)
      : /BTC|BITCOIN/.test(n)
        ? BTC.test(a)
        : TRC20.test(a) || EVM.test(a) || BTC.test(a);
  return ok ? null : 'v.walletAddress';
}

/** Locale key of what is wrong with `address` on `network`, or null; `v.required` when blank. */
export function addressProblem(address: string, network: string): string | null {
  const format = walletAddress(address, network);
  if (format) return format === 'v.walletAddress' ? 'err.address.invalid' : format;
  const a = address.trim();
  return /TRC|TRON/i.test(network) && base58Check(a)?.[0] !== 0x41 ? 'err.address.checksum' : null;
}

const EVM_NETWORK = /ERC|BEP|ETH|BSC|ARB|POLYGON|MATIC/i;

/**
 * `err.address.case` when an EVM address in the right format has a letter case that breaks its
 * EIP-55 checksum, else null. Asynchronous: Keccak is fetched with the first such address.
 */
export async function evmCaseProblem(address: string, network: string): Promise<string | null> {
  const a = address.trim();
  if (!EVM_NETWORK.test(network) || !EVM.test(a)) return null;
  const { evmChecksumHolds } = await import('../shared/keccak.ts');
  return evmChecksumHolds(a) ? null : 'err.address.case';
}
