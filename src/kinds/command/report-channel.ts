// The report of a code task's hidden tests, read over a channel trialgate holds: $TRIALGATE_REPORT is a
// named pipe (FIFO) that trialgate reads from before the command starts until every process of the test
// run has ended. A reporter writes to it as to a file (open, write, close), and everything anyone writes
// reaches trialgate in order: a report written before the reporter's, or after it by a process left
// behind, arrives as a second report, never in place of the first. Once the run has ended the channel is
// closed; nothing written after that is read. The pipe is write-only (mode 0200) and, isolated, on a
// read-only mount: no process of the run can read from it (taking the reporter's bytes), change its mode,
// or put a file of its own in its place.
import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { chmodSync, closeSync, constants, lstatSync, openSync } from 'node:fs';
import { Socket } from 'node:net';
import { pendingReadsDone } from '../../util/pending-reads.ts';

/** As much as a report may hold (report-format.ts); past it what arrives is counted, not kept. */
const MAX_BYTES = 16 * 1024 * 1024;
/**
 * After the run has ended, how long the last bytes may take to arrive. Every writer is gone by then, so
 * the end comes at once; only a process that outlived the run (unisolated, one that left its process
 * group and cleared its environment) can hold the channel open past it.
 */
const END_MS = 2000;

export interface ChannelReading {
  text: string;
  /** More than MAX_BYTES arrived. */
  oversize: boolean;
  /** What shows that something other than one reporter wrote to the channel, or replaced it. */
  forgery: string[];
}

export class ReportChannel {
  private readonly chunks: Buffer[] = [];
  private bytes = 0;
  private readonly ended: Promise<unknown>;
  private endRead = false;

  private constructor(
    private readonly path: string,
    private readonly inode: number,
    private readonly reader: Socket,
    private writer: number | undefined,
  ) {
    reader.on('data', (chunk: Buffer) => {
      this.bytes += chunk.length;
      if (this.bytes <= MAX_BYTES) this.chunks.push(chunk);
    });
    this.ended = once(reader, 'end')
      .catch(() => undefined)
      .then(() => (this.endRead = true));
  }

  /** Make the FIFO at `path` and start reading it. */
  static open(path: string): ReportChannel {
    const made = spawnSync('mkfifo', ['-m', '600', path], { encoding: 'utf8' });
    if (made.status !== 0) throw new Error(`trialgate: cannot make the report channel ${path}: ${made.stderr || made.error?.message}`);
    const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    // A write end of trialgate's own keeps the channel open between writers: a reporter that closes it is
    // not its end, and a later writer is still read.
    const writer = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK);
    const reader = new Socket({ fd, readable: true, writable: false });
    chmodSync(path, 0o200);
    return new ReportChannel(path, lstatSync(path).ino, reader, writer);
  }

  /** Once every process of the run has ended: what arrived, and what it shows of a forgery. */
  async close(): Promise<ChannelReading> {
    const forgery: string[] = [];
    if (this.writer !== undefined) closeSync(this.writer);
    this.writer = undefined;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.ended, new Promise((r) => (timer = setTimeout(r, END_MS)))]);
    clearTimeout(timer);
    // The timer may fire first with the end already there to read: the event loop runs due timers before it
    // reads, so a machine that held trialgate off its core past END_MS would look like a writer holding on.
    if (!this.endRead) await pendingReadsDone();
    const late = !this.endRead;
    this.reader.destroy();
    if (late) forgery.push('a process outside the test run held $TRIALGATE_REPORT open after every process of the run had ended');
    const now = (() => {
      try {
        return lstatSync(this.path);
      } catch {
        return undefined;
      }
    })();
    if (!now || !now.isFIFO() || now.ino !== this.inode)
      forgery.push('$TRIALGATE_REPORT was replaced during the run: trialgate reads the report only over the channel it made there');
    return { text: Buffer.concat(this.chunks).toString('utf8'), oversize: this.bytes > MAX_BYTES, forgery };
  }
}

/**
 * Where the first JSON value of `text` ends (the index after it), or undefined when it does not end:
 * what follows it in a channel is another report.
 */
export function firstJsonEnd(text: string): number | undefined {
  let depth = 0;
  let inString = false;
  let started = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') inString = true;
    else if (c === '{' || c === '[') {
      depth++;
      started = true;
    } else if (c === '}' || c === ']') {
      depth--;
      if (started && depth === 0) return i + 1;
    }
  }
  return undefined;
}
