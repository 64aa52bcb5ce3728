// What a command needs from its process, injected so tests run commands in-process.
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Working directory that relative paths resolve against. */
  cwd: string;
  isTTY: boolean;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY),
};

/** Exit codes shared by every command. */
export const EXIT = { ok: 0, failed: 1, usage: 2 } as const;
