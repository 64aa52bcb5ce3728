// A service that knows nothing of trialgate: no control channel, no coverage. Acceptance still works
// (a fresh service per acceptance run, no resets), and a detection is any assertion failure on the
// variant, counted and shown as not attributed; a correct candidate passes.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { writeTrialSet } from './support/trialset.ts';

/** The inventory fixture as a user's service would be: no coverage, so no branches and no targets. */
async function withoutCoverage(): Promise<string> {
  return inventoryCopy((m) => {
    m.service.coverage = false;
    m.targets = [];
    for (const fault of Object.values(m.faults) as { branches?: string[] }[]) delete fault.branches;
  });
}

describe('http-cases on a service without coverage', () => {
  it('validate: every defect detected by an assertion, shown as not attributed; the service never gets a control call', async () => {
    const fixture = await withoutCoverage();
    // The service would refuse any control call it got: without coverage it must get none.
    const server = join(fixture, 'service', 'server.mjs');
    await writeFile(
      server,
      (await readFile(server, 'utf8')).replace("url.pathname.startsWith('/__control/')", "(url.pathname.startsWith('/__control/') && process.exit(3))"),
    );
    const io = captureIo();
    assert.equal(await main(['validate', fixture, '--out', await tempDir()], io), 0, io.out + io.err);
    assert.match(io.out, /\| double-reserve +\| .* \| 1 +\| 0 +\| defect_detected \(no coverage: not attributed\) \|/);
    assert.match(io.out, /\| none +\| correct service +\| 0 +\| 0 +\| baseline_pass +\|/);
  });

  it('run: a correct candidate passes, with detections counted (never defect_detected_unattributed)', async () => {
    const { results } = await runTrialSet({ configPath: await writeTrialSet({ fixture: await withoutCoverage() }), outDir: await tempDir() });
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
    for (const j of trial.judgements.filter((x) => x.fault !== 'none')) {
      assert.equal(j.verdict, 'defect_detected');
      assert.equal(j.attributed, false);
    }
    assert.deepEqual(results.tasks[0]!.summary.detections['double-reserve'], { detected: 1, n: 1 });
  });
});
