/** A country code (`br`) as its flag emoji, built from regional indicator letters: no image to download. */
export const flagEmoji = (country: string): string =>
  /^[a-z]{2}$/i.test(country)
    ? String.fromCodePoint(...[...country.toUpperCase()].map((c) => 0x1f1a5 + c.charCodeAt(0)))
    : '';
