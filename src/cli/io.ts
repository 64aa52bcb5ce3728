// What a command needs from its process, injected so tests run commands in-process.
import { terminalText } from '../util/inert.ts';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Working directory that relative paths resolve against. */
  cwd: string;
  isTTY: boolean;
  /** stdout is a terminal (a person reads it), not a pipe or a file (a program or a log does). */
  stdoutIsTTY?: boolean;
  /** Replace the terminal's current line (a live progress line); absent where stderr is no terminal. */
  redraw?(line: string): void;
}

/**
 * A reader that went away (`trialgate validate … | head`) closes the pipe: what is left to print is dropped,
 * quietly, and the command finishes its work (a run still writes its results) with its own exit code.
 */
const closed = { stdout: false, stderr: false };
for (const name of ['stdout', 'stderr'] as const) {
  process[name].on('error', (e: NodeJS.ErrnoException) => {
    if (e.code !== 'EPIPE') throw e;
    closed[name] = true;
  });
}

export const processIo: Io = {
  stdout: (text) => void (closed.stdout || process.stdout.write(text)),
  stderr: (text) => void (closed.stderr || process.stderr.write(text)),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
  stdoutIsTTY: Boolean(process.stdout.isTTY),
  ...(process.stderr.isTTY ? { redraw: (line: string) => void process.stderr.write(`\r\x1b[2K${line}`) } : {}),
};

/**
 * `io` as every command gets it: whatever a command prints (trial texts included: a failure reason, an
 * agent's log, a task id) reaches the terminal inert, its control characters and escape sequences shown
 * as escapes (util/inert.ts). The one control sequence written is redraw's own.
 */
export function inertIo(io: Io): Io {
  return {
    ...io,
    stdout: (text) => io.stdout(terminalText(text)),
    stderr: (text) => io.stderr(terminalText(text)),
    ...(io.redraw ? { redraw: (line: string) => io.redraw!(terminalText(line, true)) } : {}),
  };
}

/** How a process ended by a signal exits, as a shell reports it: 128 + the signal's number. */
export const SIGNAL_EXIT = { SIGHUP: 129, SIGINT: 130, SIGTERM: 143 } as const;

/** Exit codes shared by every command; `undecided` is the gate's: nothing regressed, but the evidence cannot decide (rerun). */
export const EXIT = { ok: 0, failed: 1, usage: 2, undecided: 3 } as const;
