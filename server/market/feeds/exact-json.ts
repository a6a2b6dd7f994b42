/**
 * JSON from an exchange with every number kept as the text it was sent as. `JSON.parse` turns
 * `50803.615080361012` into the nearest double (`50803.61508036101`): a price read that way is
 * already rounded before anything can check it. Here each number literal outside a string is
 * quoted first, so it arrives as its own digits and goes through the same checks as a quoted
 * price (`1e5` or `-1` then fail them, as a quoted one would).
 */

/** A string literal (skipped as is) or a number literal (quoted). Outside strings JSON has no other digits. */
const TOKEN = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

export function parseExact(text: string): unknown {
  return JSON.parse(text.replace(TOKEN, (token) => (token.startsWith('"') ? token : `"${token}"`)));
}
