/**
 * Watches a stdio server's stdout for lines that cannot be JSON-RPC. The v2 SDK skips lines
 * that are not JSON without a word, yet a server that prints to stdout is broken in a way its
 * user needs to hear of. A message is a JSON object, so a line that starts otherwise is
 * reported (JSON that is not a message still reaches `onerror` from the SDK). Only the start of
 * each line is kept, so a 5 MB result costs a scan for newlines and nothing more.
 */
export class StdoutGarbageWatch {
  private head = '';

  constructor(private readonly report: (line: string) => void) {}

  push(chunk: Buffer): void {
    let from = 0;
    for (;;) {
      const newline = chunk.indexOf(10, from);
      const end = newline === -1 ? chunk.length : newline;
      if (this.head.length < 200) this.head += chunk.toString('utf8', from, Math.min(end, from + 200));
      if (newline === -1) return;
      this.finishLine();
      from = newline + 1;
    }
  }

  private finishLine(): void {
    const line = this.head.replace(/\r$/, '');
    this.head = '';
    const first = line.trimStart()[0];
    if (first !== undefined && first !== '{' && first !== '[') this.report(line);
  }
}
