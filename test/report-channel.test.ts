// The report channel's end after a test run: a busy machine that holds trialgate's process off its core
// past the wait for the end (END_MS) is no process holding $TRIALGATE_REPORT open. When the timer fires
// first, the end that was already there to read decides, not the timer: the event loop runs due timers
// before it reads what arrived, so a stall longer than the wait made the reference's report a forgery
// (the reference fix "fails") and a candidate's a failed check.
import assert from 'node:assert/strict';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { ReportChannel } from '../src/kinds/command/report-channel.ts';

const dir = mkdtempSync(join(tmpdir(), 'report-channel-'));
after(() => rmSync(dir, { recursive: true, force: true }));

/** Hold this process's thread for `ms`, as a machine too busy to run it would. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('report channel', () => {
  it('a stall past the wait for its end, after every writer closed, is no process holding it open', async () => {
    const path = join(dir, 'stalled');
    const channel = ReportChannel.open(path);
    const writer = openSync(path, 'w');
    writeSync(writer, '{"tests":[]}');
    closeSync(writer);
    // From a check-phase callback: the next thing the event loop does after it is to run due timers.
    await new Promise((resolve) => setImmediate(resolve));
    const reading = channel.close();
    stall(2500);
    const { text, forgery } = await reading;
    assert.deepEqual(forgery, []);
    assert.equal(text, '{"tests":[]}');
  });

  it('a writer still holding it open after the run is still told', async () => {
    const path = join(dir, 'held');
    const channel = ReportChannel.open(path);
    const leftover = openSync(path, 'w');
    after(() => closeSync(leftover));
    writeSync(leftover, '{"tests":[]}');
    const { text, forgery } = await channel.close();
    assert.equal(text, '{"tests":[]}');
    assert.deepEqual(forgery, ['a process outside the test run held $TRIALGATE_REPORT open after every process of the run had ended']);
  });
});
