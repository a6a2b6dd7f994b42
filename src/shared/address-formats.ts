/**
 * Wallet address formats per chain, before any checksum: the add-payment form and the server's
 * binding check the same ones (docs/rules.md#payment-methods).
 */
export const ADDRESS_FORMATS = {
  /** TRON: `T` and 33 base58 characters. */
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  /** Ethereum and its kin (ERC20, BEP20…): `0x` and 40 hexadecimal digits, in any case. */
  evm: /^0x[0-9a-fA-F]{40}$/,
  /** Bitcoin: legacy P2PKH/P2SH in base58, or bech32 segwit/taproot in one case only, as bech32 requires. */
  btc: /^([13][1-9A-HJ-NP-Za-km-z]{25,34}|bc1[02-9ac-hj-np-z]{11,71}|BC1[02-9AC-HJ-NP-Z]{11,71})$/,
} as const;
