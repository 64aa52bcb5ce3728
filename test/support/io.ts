// An in-process Io that records what a command printed.
import type { Io } from '../../src/cli/io.ts';

export function captureIo(cwd = process.cwd()): Io & { out: string; err: string } {
  const io = {
    out: '',
    err: '',
    cwd,
    isTTY: false,
    stdout: (text: string) => void (io.out += text),
    stderr: (text: string) => void (io.err += text),
  };
  return io;
}
