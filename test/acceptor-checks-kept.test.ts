// A gate's later round repeats the acceptor preflight its first round passed instead of running the hidden
// tests on the reference again (src/trial/acceptor-checks.ts): the round shows the same report, its trials
// are judged as the first round's, and a preflight that failed is tried again.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readResultsFile } from '../src/results/read.ts';
import { KeptAcceptorChecks } from '../src/trial/acceptor-checks.ts';
import { recordTrialSet } from '../src/trial/run-set.ts';
import { writeCodeTrialSet } from './support/code.ts';
import { tempDir } from './support/fixtures.ts';

/** The acceptor-check directory's files of a run, by name, as text. */
async function preflightReports(runDir: string): Promise<Map<string, string>> {
  const dir = join(runDir, 'vouchers', 'acceptor-check');
  const names = (await readdir(dir)).sort();
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(join(dir, name), 'utf8')] as const)));
}

describe('the acceptor preflight across the runs of one gate', () => {
  it('a code task’s round repeats the preflight its first round passed: the same report, trials judged alike; a run of another gate runs its own', async () => {
    const configPath = await writeCodeTrialSet();
    const dir = await tempDir();
    const kept = new KeptAcceptorChecks();
    const first = await recordTrialSet({ configPath, outDir: join(dir, 'first'), keptAcceptorChecks: kept });
    const round = await recordTrialSet({ configPath, outDir: join(dir, 'round'), firstTrial: 1, keptAcceptorChecks: kept });
    const other = await recordTrialSet({ configPath, outDir: join(dir, 'other'), keptAcceptorChecks: new KeptAcceptorChecks() });
    assert.equal(kept.reused, 1, 'the round did not run the preflight again');

    const [firstTask, roundTask] = [(await readResultsFile(first.resultsPath)).tasks[0]!, (await readResultsFile(round.resultsPath)).tasks[0]!];
    assert.equal(firstTask.acceptor_check?.ok, true);
    assert.deepEqual(roundTask.acceptor_check, firstTask.acceptor_check, 'the round records the check as it passed, its report in its own directory');
    assert.deepEqual(await preflightReports(round.runDir), await preflightReports(first.runDir), 'the first round’s report, byte for byte');
    assert.notDeepEqual(await preflightReports(other.runDir), await preflightReports(first.runDir), 'a preflight that ran again writes a report of its own');
    assert.deepEqual(
      [firstTask.trials[0]!.outcome, roundTask.trials[0]!.outcome, roundTask.trials[0]!.trial],
      ['pass', 'pass', 2],
      'the round’s trial is judged against the reference run the first round kept',
    );
    assert.deepEqual(roundTask.trials[0]!.checks, firstTask.trials[0]!.checks);
  });
});
