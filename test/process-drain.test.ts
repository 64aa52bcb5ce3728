// A command's output is read to the end of its pipes, however late a busy machine gets to it: the drain
// after the command exited waits for the pipes to close and gives up only on a leftover that holds them
// (200 ms of wall time once lost an agent's `trialgate-env-error:` line on a loaded machine).
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { test } from 'node:test';
import { supervise } from '../src/isolation/processes.ts';

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
