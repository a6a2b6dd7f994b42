// Ships with the calls that may ask the second factor, never with the first load.

/** The refusal that asks the second factor (docs/rules.md#second-factor). */
export const asksFactor = (e: unknown): boolean => (e as { key?: string } | null)?.key === 'factor.required';
