// A service that exits before it is ready is answered by its exit at once, and nothing of its start is left
// waiting: the readiness probes stop with it. Left polling until startTimeoutMs, they kept the process that
// started it alive that long (the Java and Go starters' 60 s) after everything was said.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT, tempDir } from './support/fixtures.ts';

// Far past any start, however busy the machine: the test asks whether the process waits for the limit, not how fast it starts.
const START_TIMEOUT_MS = 300_000;

/** Starts a service that exits at once, with a long start limit, and prints why it did not start. */
const STARTS_ONE = (root: string) => `
import { startProcess } from ${JSON.stringify(join(root, 'src/service/launch.ts'))};
import { openSandbox } from ${JSON.stringify(join(root, 'src/isolation/open.ts'))};
const dir = process.argv[2];
const sandbox = await openSandbox(process.argv[3]);
try {
  await startProcess(sandbox, { command: ['sh', '-c', 'echo boom >&2; exit 1'], health: '/health', startTimeoutMs: ${START_TIMEOUT_MS}, cwd: dir, root: dir, env: {}, coverage: false, what: '(variant none)' });
} catch (e) {
  console.log(e.message);
}
await sandbox.dispose();
`;

describe('a service that exits before it is ready', () => {
  for (const isolation of ['none', 'auto']) {
    it(`isolation ${isolation}: says so, and its process ends with it, not at startTimeoutMs`, async () => {
      const dir = await tempDir();
      const script = join(dir, 'start.ts');
      await writeFile(script, STARTS_ONE(ROOT));
      const started = Date.now();
      const run = spawnSync(process.execPath, ['--import', join(ROOT, 'scripts/ts-register.mjs'), script, dir, isolation], {
        encoding: 'utf8',
        timeout: 2 * START_TIMEOUT_MS,
      });
      const took = Date.now() - started;
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /exited with code 1 before it was ready; stderr: boom/);
      assert.ok(took < START_TIMEOUT_MS / 2, `the process ended ${took} ms after it started, against a start limit of ${START_TIMEOUT_MS} ms`);
    });
  }
});
