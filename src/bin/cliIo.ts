/**
 * What a CLI command may touch of the outside world. Commands take it instead of using
 * `process` directly, so tests can run them in-process and the entry point stays thin.
 */
export interface CliIo {
  /** Writes to standard output as-is (no newline added). */
  stdout(text: string): void;
  /** Writes to standard error as-is (no newline added). */
  stderr(text: string): void;
  /** Reads all of standard input (for the `-` file argument). */
  readStdin(): Promise<string>;
  /** The working directory paths are resolved against. */
  cwd: string;
  env: Record<string, string | undefined>;
  /** True when stdin and stderr are a terminal (interactive prompts allowed). */
  isTty: boolean;
  /** True when standard input is a terminal: `archflow mcp` alone then shows its usage instead of serving. */
  stdinIsTty?: boolean;
  /** True when standard output is a terminal: binary output (a PNG) is refused there. */
  stdoutIsTty?: boolean;
  /** Writes bytes to standard output (a PNG for `-o -`); without it, binary output is refused. */
  stdoutBytes?(data: Uint8Array): void;
}

/** Exit codes shared by every command. */
export const EXIT_OK = 0;
/** Problems in the user's input (diagram errors, a server that failed). */
export const EXIT_FAILURE = 1;
/** Bad usage or I/O errors. */
export const EXIT_USAGE = 2;
