/**
 * `text` as an isolated left-to-right run inside a sentence (U+2066 … U+2069, the plain-text form
 * of `<bdi dir="ltr">`): an amount or a date placed into a translated text keeps its own order in
 * Arabic, whatever surrounds it. Elements of their own use the `num` class instead.
 */
export const ltr = (text: string): string => '\u2066' + text + '\u2069';
