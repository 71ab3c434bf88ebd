import { BackupFailure, commandMessages } from './messages';

/**
 * Runs a command's work: a BackupFailure is printed as it is, anything else as
 * an unexpected error, both with exit code 1. Work that never settles (a stream
 * that neither ends nor fails, leaving Node nothing to wait for) exits with 1
 * too: cron must never take it for a finished copy.
 */
export function runCommand(work: () => Promise<void>): void {
  let settled = false;
  process.once('beforeExit', () => {
    if (settled) return;
    console.error(commandMessages.stalled);
    process.exit(1);
  });
  work().then(
    () => {
      settled = true;
    },
    (error: unknown) => {
      settled = true;
      console.error(
        error instanceof BackupFailure ? error.message : commandMessages.unexpected(error instanceof Error ? error.message : String(error)),
      );
      process.exit(1);
    },
  );
}
