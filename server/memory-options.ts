/**
 * The node options and environment that keep the server on PGlite within 256 MB: `npm start` runs
 * it with them (package.json; a test keeps the two the same). Started without them, the server
 * peaked at 325 MB here (531 MB on a machine with more cores: one glibc arena per thread, and V8's
 * default young generation and heap limit), so it says so at start-up instead of surprising a
 * small machine. Neither can be set from inside: glibc reads MALLOC_ARENA_MAX as the process
 * starts, and V8 sizes its heap before the first line of JavaScript runs.
 */
export const MEMORY_NODE_FLAGS = ['--max-semi-space-size=2', '--max-old-space-size=128'];
export const MEMORY_ENV = { MALLOC_ARENA_MAX: '1' };

/** The command line of a server started as `npm start` starts it, for the docs and the warning. */
export const MEMORY_COMMAND = `${Object.entries(MEMORY_ENV).map(([k, v]) => `${k}=${v}`).join(' ')} node ${MEMORY_NODE_FLAGS.join(' ')} dist-server/server.js`;

const flagName = (flag: string) => flag.split('=')[0]!.replace(/_/g, '-');

/** A warning when this process lacks any of the options (on the command line or in NODE_OPTIONS), else null. */
export function memoryWarning(execArgv: string[], env: NodeJS.ProcessEnv): string | null {
  const given = new Set([...execArgv, ...(env.NODE_OPTIONS ?? '').split(/\s+/)].filter(Boolean).map(flagName));
  const missing = [
    ...MEMORY_NODE_FLAGS.filter((f) => !given.has(flagName(f))),
    ...Object.entries(MEMORY_ENV).filter(([k, v]) => env[k] !== v).map(([k, v]) => `${k}=${v}`),
  ];
  if (!missing.length) return null;
  return `started without ${missing.join(' ')}: this server may use over 300 MB instead of staying within 256 MB; start it with npm start, or as ${MEMORY_COMMAND}`;
}
