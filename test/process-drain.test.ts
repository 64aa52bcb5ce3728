// A command's output is read to the end of its pipes, however late a busy machine gets to it: the drain
// after the command exited waits for the pipes to close and gives up only on a leftover that holds them
// (200 ms of wall time once lost an agent's `trialgate-env-error:` line on a loaded machine).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { stillRunning } from '../src/isolation/processes.ts';
import { supervise } from '../src/isolation/processes.ts';
import { tempDir } from './support/fixtures.ts';

function started(script: string) {
  const child = spawn('sh', ['-c', script], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  return { child, out: () => out };
}

test('output written after the command exited, before its pipe closed, is read whole', async () => {
  // The line comes half a second after the exit, as a loaded machine may deliver it.
  const { child, out } = started('(sleep 0.5; echo "trialgate-env-error: the provider is down") & exit 75');
  const ended = await supervise(child, () => child.kill('SIGKILL'));
  assert.equal(ended.code, 75);
  assert.equal(out(), 'trialgate-env-error: the provider is down\n');
});

test('a pipe a leftover holds open does not hold the command past the drain’s bound; the pipe is closed', async () => {
  const { child, out } = started('echo started; (sleep 30 &) ; exit 0');
  const ended = await supervise(child, () => child.kill('SIGKILL'), undefined, 300);
  assert.equal(ended.code, 0);
  assert.equal(out(), 'started\n');
  assert.ok(child.stdout!.destroyed, 'the drain closed the pipe the leftover holds');
});

test('trialgate held off its core past the drain’s bound, a pipe whose last writer ended meanwhile is still read whole', async () => {
  // The event loop runs a due timer before it reads what arrived: a stall (a busy machine's) that outlasted the
  // bound made the drain close pipes whose end, and the last line, were already there to read.
  const pidFile = join(await tempDir(), 'leftover.pid');
  const { child, out } = started(`(sleep 0.2; echo "trialgate-env-error: the provider is down") & echo $! > '${pidFile}'; exit 75`);
  const drainMs = 100;
  const ended = await supervise(
    child,
    () => child.kill('SIGKILL'),
    // Run as the command's exit is taken in, before the drain's timer is set: the stall comes once it is, and
    // lasts past the bound and until the line's writer has ended.
    () =>
      process.nextTick(() => {
        const leftover = Number(readFileSync(pidFile, 'utf8'));
        const from = performance.now();
        while (stillRunning(leftover) || performance.now() - from < 2 * drainMs) stall(10);
      }),
    drainMs,
  );
  assert.equal(ended.code, 75);
  assert.equal(out(), 'trialgate-env-error: the provider is down\n');
});

/** Hold this process's thread for `ms`, as a machine too busy to run it would. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
