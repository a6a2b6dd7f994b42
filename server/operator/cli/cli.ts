/** `npm run operator -- <command>`: see `--help`, or server/operator/cli/commands.ts. */
import { runOperator } from './run.ts';

const code = await runOperator(process.argv.slice(2), {
  env: process.env,
  columns: process.stdout.columns,
  out: (text) => console.log(text),
  err: (text) => console.error(text),
});
process.exitCode = code;
