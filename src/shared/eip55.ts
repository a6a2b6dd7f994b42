/**
 * EIP-55: in a mixed-case EVM address each letter's case is a checksum bit, so a mistyped character
 * is caught; an address written in one case carries no checksum and is taken as it is. The hash is
 * handed in: the server's is a library's, the address form's the small copy in keccak.ts (the
 * library needs BigInt, which old WebViews lack, and is over the form's byte budget).
 */
export function eip55Holds(address: string, keccak256: (bytes: Uint8Array) => Uint8Array): boolean {
  const hex = address.slice(2);
  if (hex === hex.toLowerCase() || hex === hex.toUpperCase()) return true;
  const lower = hex.toLowerCase();
  const bytes = new Uint8Array(lower.length);
  for (let i = 0; i < lower.length; i++) bytes[i] = lower.charCodeAt(i);
  const hash = keccak256(bytes);
  for (let i = 0; i < 40; i++) {
    const c = hex[i]!;
    if (c >= '0' && c <= '9') continue;
    // Nibble i of the hash: its high bit says upper case.
    const nibble = (hash[i >> 1]! >> (i & 1 ? 0 : 4)) & 0xf;
    if ((c !== lower[i]) !== nibble >= 8) return false;
  }
  return true;
}
