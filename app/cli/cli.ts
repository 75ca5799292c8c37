/** The entry point of the `perfdelta` command (bundled to build/app/cli.cjs). */
import { cliError, main } from './main.js';
import { terminalText } from './print.js';

// `perfdelta runs | head`: a closed pipe ends the output, it is not an error.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    process.stderr.write(terminalText(`perfdelta: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`));
    if (process.argv.includes('--json')) process.stdout.write(terminalText(`${JSON.stringify(cliError(null, err), null, 2)}\n`));
    process.exitCode = 1;
  },
);
