// What a command needs from its process, injected so tests run commands in-process.
import { terminalText } from '../util/inert.ts';

export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Working directory that relative paths resolve against. */
  cwd: string;
  isTTY: boolean;
  /** Replace the terminal's current line (a live progress line); absent where stderr is no terminal. */
  redraw?(line: string): void;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
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

/** Exit codes shared by every command; `undecided` is the gate's: nothing regressed, but the evidence cannot decide (rerun). */
export const EXIT = { ok: 0, failed: 1, usage: 2, undecided: 3 } as const;
