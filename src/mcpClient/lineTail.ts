/**
 * Keeps the last lines of a byte stream (a server's stderr), so a failure can show what the
 * server said just before it. Holds at most `maxLines` complete lines plus the unfinished one.
 */
export class LineTail {
  private readonly lines: string[] = [];
  private partial = '';

  constructor(private readonly maxLines = 50) {}

  /** Adds a chunk and returns the lines it completed. */
  push(chunk: string | Uint8Array): string[] {
    const text = this.partial + (typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
    const parts = text.split(/\r?\n/);
    this.partial = parts.pop() ?? '';
    // A single endless line (no newline) must not grow without bound.
    if (this.partial.length > 8192) {
      parts.push(this.partial);
      this.partial = '';
    }
    for (const line of parts) {
      this.lines.push(line);
      if (this.lines.length > this.maxLines) this.lines.shift();
    }
    return parts;
  }

  /** The kept lines, oldest first, including an unfinished last line. */
  snapshot(count = this.maxLines): string[] {
    const all = this.partial ? [...this.lines, this.partial] : [...this.lines];
    return all.slice(-count);
  }
}
