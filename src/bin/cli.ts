import { UsageError } from './args';
import { EXIT_USAGE, type CliIo } from './cliIo';
import { runCli } from './runCli';
import { processIo } from './processIo';

// A reader that stops early (`archflow layout big.diagram --json | head`) closes the pipe: stop
// quietly, as other command-line tools do, instead of crashing on EPIPE with a stack trace.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE' || err.code === 'ERR_STREAM_DESTROYED') process.exit(0);
  throw err;
});

// The entry point only adapts the process to runCli, so every command is testable in-process.
runCli(process.argv.slice(2), processIo())
  .then((code) => {
    process.exitCode = code;
  })
  .catch((err: unknown) => {
    const io: Pick<CliIo, 'stderr'> = { stderr: (t) => process.stderr.write(t) };
    if (err instanceof UsageError) {
      io.stderr(`${err.message}\n`);
      process.exitCode = EXIT_USAGE;
      return;
    }
    io.stderr(`archflow: internal error: ${(err as Error)?.stack ?? String(err)}\n`);
    process.exitCode = 70;
  });
