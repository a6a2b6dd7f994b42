/**
 * Config `tickerListOrderSwap` (`eth,btc`): those two symbols trade places in the list. Shared by
 * the app's store and the server, which writes the same list into the home page.
 */
export const swapOrder = (symbols: string[], setting: string): string[] => {
  const [a, b] = setting.toLowerCase().split(',').map((s) => s.trim());
  const i = symbols.indexOf(a!);
  const j = symbols.indexOf(b!);
  if (!a || !b || i < 0 || j < 0) return symbols;
  const out = symbols.slice();
  out[i] = b;
  out[j] = a;
  return out;
};
