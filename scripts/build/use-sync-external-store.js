// Stands in for the CommonJS `use-sync-external-store/shim` that wouter imports: preact/compat has the hook.
export { useSyncExternalStore } from 'preact/compat';
