// A judge endpoint (judge.command) that printed its URL within its start limit has started, however late
// trialgate's event loop gets to read it: the loop runs due timers before it reads what arrived, so trialgate
// held off its core past the limit (a busy machine) made a URL already in the pipe "printed no loopback URL",
// an env_error of trialgate's own making. Here the process is held, in one synchronous step, from just after
// the endpoint starts until the endpoint has printed (a file it writes after says so) and the limit has passed.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { openSandbox } from '../src/isolation/open.ts';
import type { Sandbox } from '../src/isolation/sandbox.ts';
import { startLocalEndpoint } from '../src/semantic/local-endpoint.ts';
import { tempDir } from './support/fixtures.ts';

const START_LIMIT_MS = 200;

/** Hold this process's thread for `ms`, as a machine too busy to run it would. */
function stall(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

describe('a judge endpoint’s start', () => {
  it('a URL printed within the limit is read, though trialgate was held past the limit', async () => {
    const dir = await tempDir('trialgate-endpoint-');
    const printed = join(dir, 'printed');
    const sandbox = await openSandbox('none');
    // Once the endpoint is spawned (its start limit set in the same step), the thread is held until the URL is
    // in the pipe and the limit has passed.
    const holding: Sandbox = Object.assign(Object.create(sandbox) as Sandbox, {
      spawn: (spec: Parameters<Sandbox['spawn']>[0]) => {
        const process_ = sandbox.spawn(spec);
        const spawned = performance.now();
        process.nextTick(() => {
          while (!existsSync(printed)) stall(10);
          stall(Math.max(0, spawned + 2 * START_LIMIT_MS - performance.now()));
        });
        return process_;
      },
    });
    const command = `echo "listening on http://127.0.0.1:4999"; touch ${JSON.stringify(printed)}; exec sleep 30`;
    const endpoint = await startLocalEndpoint(holding, command, dir, {}, START_LIMIT_MS);
    try {
      assert.match(endpoint.baseUrl, /^http:\/\/127\.0\.0\.1:\d+$/);
    } finally {
      await endpoint.stop();
      await sandbox.dispose();
    }
  });
});
