/**
 * Text as a search box compares it: case and accents ignored (`itau` finds Itaú, `isbank` İşbank
 * and Işbank), and in Arabic the short vowels, the tatweel, the seats of hamza (أ إ آ are ا) and
 * the final ى as ي, since users type names with and without them.
 */
export const fold = (text: string): string =>
  text.normalize('NFD').replace(/[\u0300-\u036f\u0640\u064b-\u065f\u0670]/g, '').toLowerCase().replace(/\u0131/g, 'i').replace(/\u0649/g, '\u064a');
