/** A feature's words, one `import()` a language (scripts/build/feature-words.mjs writes the table). */
declare module 'feature-words:*' {
  const files: Record<string, () => Promise<{ default: import('./index.ts').Dict }>>;
  export default files;
}
