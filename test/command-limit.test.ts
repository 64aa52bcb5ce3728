// A time limit on a command (the acceptance command's, a code task's build) ends it only when it is still
// running: a command that exited while trialgate was kept off its core (a busy machine) was called past its
// limit at its very end, since the event loop runs a due timer before it reads the exit that already arrived;
// that is a retry, then an environment error, of a command that finished in time.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { limitCommand } from '../src/isolation/processes.ts';

/** The process has exited and is waiting to be reaped: the kernel's word, read without the event loop. */
const isZombie = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /s, '')
      .startsWith('Z');
  } catch {
    return true;
  }
};

describe('a command’s time limit', () => {
  it('does not claim a command that exited before it was read, however long trialgate was kept from reading it', async () => {
    for (let i = 0; i < 3; i++) {
      const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
      const exit = once(child, 'exit');
      const started = Date.now();
      const limit = limitCommand({ child, kill: () => child.kill('SIGKILL') }, 50);
      // Held off the event loop until the command has exited and the limit has passed: a busy machine, made exact.
      while (!isZombie(child.pid!) || Date.now() - started < 100);
      await exit;
      limit.clear();
      assert.equal(limit.timedOut(), false, `try ${i + 1}: a command that had exited was called past its limit`);
    }
  });

  it('ends a command still running at it, and says so', async () => {
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)'], { stdio: 'ignore' });
    const limit = limitCommand({ child, kill: () => child.kill('SIGKILL') }, 50);
    const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
    limit.clear();
    assert.deepEqual([code, signal, limit.timedOut()], [null, 'SIGKILL', true]);
  });
});
