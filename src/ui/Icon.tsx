// First-load path: only the icons the app draws, as inline stroke paths (no remote images).
const RING = 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20z';
const PATHS = {
  back: 'M15 18l-6-6 6-6',
  chev: 'M9 18l6-6-6-6',
  close: 'M18 6L6 18M6 6l12 12',
  success: RING + 'M8 12l3 3 5-6',
  danger: RING + 'M15 9l-6 6M9 9l6 6',
  other: RING + 'M12 7v6m0 3.5v.5',
  home: 'M3 11l9-8 9 8M5 10v10h5v-6h4v6h5V10',
  trade: 'M3 3v18h18M7 15l4-4 3 3 6-6',
  financial: 'M21 12V7H5a2 2 0 0 1 0-4h14v4M3 5v14a2 2 0 0 0 2 2h16v-5m-3-4a2 2 0 0 0 0 4h4v-4z',
  user: 'M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2m8-10a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  globe: RING + 'M2 12h20M12 2a15 15 0 0 1 0 20 15 15 0 0 1 0-20z',
  logout: 'M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4m7 14l5-5-5-5m5 5H9',
  empty: 'M22 12h-6l-2 3h-4l-2-3H2m3.5-6.9L2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.5-6.9A2 2 0 0 0 16.8 4H7.2a2 2 0 0 0-1.7 1.1z',
} as const;

export type IconName = keyof typeof PATHS;

/** Icons that point along the reading direction and so mirror in right-to-left languages. */
const DIRECTIONAL: ReadonlySet<IconName> = new Set(['back', 'chev', 'logout']);

export function Icon({ name, size = 20 }: { name: IconName; size?: number }) {
  return (
    <svg
      className={DIRECTIONAL.has(name) ? 'flip' : undefined}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
