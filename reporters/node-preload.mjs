// Loaded into every node process of a code task's hidden tests (trialgate sets NODE_OPTIONS=--import with
// it, and TRIALGATE_TRIPWIRE, a seed of this run alone). Two things, both before any code of the test file
// or the candidate runs:
// - the process's command line and argv no longer name the test file (node:test starts one process per
//   file, with its path as the last argument);
// - in a node:test file's process, tripwires: tests of this run's own, run after the file's tests, that
//   fail by node:assert. Their records must say so: one that passes means something in this process made
//   failing assertions pass (node:assert, node:test or the report patched), and trialgate names it.
import { AsyncResource } from 'node:async_hooks';

const seed = process.env.TRIALGATE_TRIPWIRE;

if (seed) {
  process.title = 'node';
  // A node:test file's process has read its file's path already; any other (Jest, Vitest) still parses argv.
  if (process.env.NODE_TEST_CONTEXT === 'child-v8') {
    process.argv.splice(1);
    await plantTripwires(seed);
  }
}

async function plantTripwires(seed) {
  const { beforeEach, test } = await import('node:test');
  // The objects a test file's `import assert from 'node:assert'` gets: what a patch would change.
  const { default: assert } = await import('node:assert');
  const { default: strict } = await import('node:assert/strict');
  const checks = [
    () => assert.ok(false),
    () => assert.equal(seed, `${seed}-`),
    () => assert.strictEqual(1, 2),
    () => assert.deepStrictEqual({ seed }, { seed: `${seed}-` }),
    () => strict.equal(1, 2),
    () => strict.deepEqual([seed], []),
  ];
  // Planted once the file's first test starts, at the top of the run (not inside that test): they run
  // after every test the file defines, so after the candidate's code has been loaded and run.
  const atTop = AsyncResource.bind((plant) => plant());
  let planted = false;
  beforeEach(() => {
    if (planted) return;
    planted = true;
    atTop(() => checks.forEach((check, i) => test(`trialgate tripwire ${seed} ${i + 1}`, check)));
  });
}
