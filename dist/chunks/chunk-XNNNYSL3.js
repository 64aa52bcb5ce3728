import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/cli/io.ts
var processIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  isTTY: Boolean(process.stderr.isTTY)
};
var EXIT = { ok: 0, failed: 1, usage: 2 };

export {
  processIo,
  EXIT
};
