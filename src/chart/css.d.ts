/** Stylesheets are bundled by esbuild's css loader; importing one yields nothing to TypeScript. */
declare module '*.css';
