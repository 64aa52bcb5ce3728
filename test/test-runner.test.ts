// The suite's own runner (scripts/test.ts), run on small test files of this test's own: files asking for
// the same recorded run at once share one recording (built under the lock by one of them), the directory
// of recordings is gone after the run, the table gives each file's wall and CPU time, a failing test fails
// the run, a test's own wall-clock limit gives way to the runner's, and a file that never ends is stopped
// by the machine-scaled limit, named, instead of hanging the suite.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ROOT } from './support/fixtures.ts';

const RECORDED = join(ROOT, 'test', 'support', 'recorded.ts');
const TIME_LIMIT = join(ROOT, 'test', 'support', 'time-limit.ts');

/** The runner on `files` (name → text) in a fresh directory; what it printed and how it exited. */
async function runner(files: Record<string, string>, args: string[] = []) {
  const dir = await mkdtemp(join(tmpdir(), 'trialgate-runner-'));
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  // Not a test file's child: a runner of its own, with recordings of its own.
  const { NODE_TEST_CONTEXT, TRIALGATE_TEST_RUNS, ...env } = process.env;
  const child = spawn(
    process.execPath,
    ['--import', './scripts/ts-register.mjs', 'scripts/test.ts', ...args, ...Object.keys(files).map((name) => join(dir, name))],
    {
      cwd: ROOT,
      env,
    },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  const [code] = await once(child, 'exit');
  return { dir, code: code as number, out };
}

/** A test file that asks for the recording both ask for, notes each build in `log`, and says where the recordings were. */
const asker = (name: string, log: string, seen: string) => `
import assert from 'node:assert/strict';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { it } from 'node:test';
import { recorded } from ${JSON.stringify(RECORDED)};
it('${name} gets the shared recording', async () => {
  writeFileSync(${JSON.stringify(seen)}, process.env.TRIALGATE_TEST_RUNS ?? '');
  const dir = await recorded({ runner: 'shared' }, async (into) => {
    appendFileSync(${JSON.stringify(log)}, '${name}\\n');
    writeFileSync(join(into, 'made-by'), '${name}');
  });
  assert.match(readFileSync(join(dir, 'made-by'), 'utf8'), /^(a|b)$/);
});
`;

describe('the test runner', () => {
  it('shares one recording between files, removes the recordings at the end, and fails the run on a failing test', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'trialgate-runner-scratch-'));
    const log = join(scratch, 'builds');
    const seen = join(scratch, 'recordings');
    const { code, out } = await runner({
      'a.test.ts': asker('a', log, seen),
      'b.test.ts': asker('b', log, seen),
      'c.test.ts': `import assert from 'node:assert/strict';\nimport { it } from 'node:test';\nit('fails', () => assert.equal(1, 2));\n`,
      // Its own wall-clock limit gives way to the runner's machine-scaled one.
      'd.test.ts': `import { it } from 'node:test';\nimport { setTimeout as sleep } from 'node:timers/promises';\nimport { timeLimit } from ${JSON.stringify(TIME_LIMIT)};\nit('outlives its own limit', { timeout: timeLimit(1) }, () => sleep(100));\n`,
    });
    assert.equal(code, 1, out);
    assert.match(out, /✖ fails/);
    assert.match(out, /✔ a gets the shared recording/);
    assert.match(out, /✔ b gets the shared recording/);
    assert.match(out, /✔ outlives its own limit/);
    assert.equal((await readFile(log, 'utf8')).trim().split('\n').length, 1, 'built once for both files');
    const recordings = await readFile(seen, 'utf8');
    assert.ok(recordings.length > 0, 'the runner named a directory of recordings');
    assert.ok(!existsSync(recordings), 'removed after the run');
    assert.match(out, /4 test files in \d+ s, .* s of CPU \(user \+ system\) in the files' processes/);
    assert.match(out, /\| \S*\/a\.test\.ts \| \d+\.\d \| \d+\.\d \|/, 'each file’s wall and CPU seconds');
  });

  it('stops a file that never ends at the scaled limit, naming it and the last test it reported', async () => {
    const { code, out } = await runner(
      {
        'hangs.test.ts': `import { it } from 'node:test';\nit('ends', () => {});\nit('never ends', () => new Promise(() => setInterval(() => {}, 1000)));\n`,
      },
      ['--file-limit', '2'],
    );
    assert.equal(code, 1, out);
    assert.match(out, /trialgate tests: .*hangs\.test\.ts ran past 2 s of the machine-scaled clock .*the last test it reported: ends\): a hang/);
  });
});
