/**
 * The log never blocks or kills the server. Lines go to stdout or stderr with one synchronous write
 * each (ordered, nothing left in a buffer at exit); a write that fails (a full disk, a pipe whose
 * reader left, a non-blocking pipe that is full) drops the line and counts it, and the next line
 * that gets through first says how many were dropped. Node's own streams, and pino's default
 * destination, would instead wait in a retry loop or emit an 'error' nobody handles.
 */
import { writeSync } from 'node:fs';
import { Console } from 'node:console';
import { Writable } from 'node:stream';

export class SafeOutput {
  private dropped = 0;
  private lastError = '';

  constructor(private readonly fd: number) {}

  /** Writes `text` whole or not at all (as far as the system says); never throws. */
  write(text: string): boolean {
    if (this.dropped > 0) {
      const note = `${JSON.stringify({ level: 40, time: Date.now(), msg: `${this.dropped} log line(s) dropped: ${this.lastError}` })}\n`;
      if (!this.writeAll(note)) {
        this.dropped++;
        return false;
      }
      this.dropped = 0;
    }
    if (this.writeAll(text)) return true;
    this.dropped++;
    return false;
  }

  /** Lines dropped since the last one written. */
  get droppedLines(): number {
    return this.dropped;
  }

  private writeAll(text: string): boolean {
    let buf = Buffer.from(text);
    try {
      while (buf.length > 0) {
        const n = writeSync(this.fd, buf);
        // A write cut short by a full disk is followed by one that fails: no endless loop here.
        if (n <= 0) return false;
        buf = buf.subarray(n);
      }
      return true;
    } catch (e) {
      this.lastError = (e as NodeJS.ErrnoException).code ?? String(e);
      return false;
    }
  }
}

export const safeStdout = new SafeOutput(1);
export const safeStderr = new SafeOutput(2);

const writableOf = (out: SafeOutput) =>
  new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      out.write(String(chunk));
      done();
    },
  });

/**
 * Points `console` at the safe outputs: the start-up line and the few console messages of the
 * server then follow the same rule as the log.
 */
export function installSafeConsole(): void {
  globalThis.console = new Console({ stdout: writableOf(safeStdout), stderr: writableOf(safeStderr) });
}
