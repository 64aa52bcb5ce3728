// The acceptor preflight: before the first trial, the task's acceptor runs on the reference answers
// against the correct service. One that cannot run here (a test runner the sandbox cannot see, no
// report) makes every trial of the task an environment error, named with its stderr and the fix, and no
// agent is started: a broken acceptor never counts against the agent.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { cp, mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { stringify } from 'yaml';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { NO_PYTEST, PYTEST_SUITE, suiteFixture, TALLY_FAULTS } from './support/suites.ts';
import { timeLimit } from './support/time-limit.ts';

const PYTEST = 'PYTHONPATH="$TRIALGATE_REPORTERS" python3 -m pytest -p trialgate_pytest -p no:cacheprovider "$TRIALGATE_CANDIDATE"';

/** The agent's own copy of the suite: byte for byte the reference's would be refused (it would show the agent the answer). */
const AGENTS_SUITE = `# written by the agent\n${PYTEST_SUITE}`;

/** A project: the Python tally fixture with `acceptance`, and an agent that hands in `delivered` as its tests. */
async function project(
  acceptance: Record<string, unknown>,
  { delivered = AGENTS_SUITE, trials = 2, faults = TALLY_FAULTS as Record<string, { label: string }> } = {},
): Promise<string> {
  const dir = await tempDir('trialgate-preflight-');
  const fixture = await suiteFixture({ service: 'python', reference: { 'test_tally.py': PYTEST_SUITE }, acceptance, faults });
  await cp(fixture, join(dir, 'fixtures', 'tally'), { recursive: true });
  await mkdir(join(dir, 'agent'));
  await writeFile(join(dir, 'agent', 'tests.py'), delivered);
  await writeFile(join(dir, 'agent', 'prompt.md'), '# prompt\n');
  const config = {
    version: 1,
    name: 'preflight',
    trials,
    concurrency: 1,
    budget: { wall_seconds: 60 },
    agent: { command: 'cp "$TRIALGATE_PROJECT/agent/tests.py" "$TRIALGATE_CANDIDATE/test_tally.py"', files: ['agent'] },
    watch: ['agent/prompt.md'],
    tasks: [{ id: 'tally', fixture: 'fixtures/tally' }],
  };
  await writeFile(join(dir, 'trialgate.yml'), stringify(config));
  return join(dir, 'trialgate.yml');
}

describe('the acceptor preflight', { timeout: timeLimit(300_000) }, () => {
  it('a test runner the acceptor cannot import: every trial is an env_error with its stderr and the fix; no agent ran', async () => {
    const configPath = await project({ command: 'python3 -m no_such_runner "$TRIALGATE_CANDIDATE"' });
    const { results, runDir } = await runTrialSet({ configPath, outDir: await tempDir() });
    const task = results.tasks[0]!;
    assert.equal(task.acceptor_check?.ok, false);
    assert.match(task.acceptor_check!.error!, /No module named no_such_runner/);
    assert.match(task.acceptor_check!.fix!, /sees only the system directories .*install it system-wide .*python3-no-such-runner.*"readable"/is);
    assert.ok(existsSync(join(runDir, task.acceptor_check!.report!)), 'the preflight report is kept with the run');
    assert.equal(task.trials.length, 2);
    for (const trial of task.trials) {
      assert.equal(trial.outcome, 'env_error');
      assert.match(trial.env_error!, /acceptor cannot run here.*no agent ran/);
      assert.match(trial.layers.trajectory.notes.join('\n'), /No module named no_such_runner[\s\S]*fix: /);
      assert.equal(trial.agent_ms, undefined);
      assert.equal(existsSync(join(runDir, trial.evidence)), false, 'no trial directory: the agent was never started');
      assert.deepEqual(trial.checks, {}, 'no check is counted for or against the agent');
    }
    assert.equal(task.summary.env_errors, 2);
    assert.equal(task.summary.n, 0);
  });

  it('reference answers that fail on the correct service: the fix names the fixture to validate, as the trial set names it', { skip: NO_PYTEST }, async () => {
    const configPath = await project({ command: PYTEST }, { trials: 1 });
    await writeFile(join(dirname(configPath), 'fixtures', 'tally', 'reference', 'test_tally.py'), 'def test_the_reference_is_wrong():\n    assert 1 == 2\n');
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const task = results.tasks[0]!;
    assert.equal(task.acceptor_check?.ok, false);
    assert.match(task.acceptor_check!.fix!, /^the reference answers fail on the correct service: run `trialgate validate fixtures\/tally`/);
    assert.equal(task.trials[0]!.outcome, 'env_error');
  });

  it('an acceptor that writes no report on the reference answers: the same, and the report’s absence is named', async () => {
    const configPath = await project({ command: 'echo "nothing to see" >&2' }, { trials: 1 });
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const task = results.tasks[0]!;
    assert.equal(task.acceptor_check?.ok, false);
    assert.match(task.acceptor_check!.error!, /wrote no report to \$TRIALGATE_REPORT \(it exited 0\); stderr: nothing to see/);
    assert.equal(task.trials[0]!.outcome, 'env_error');
  });

  it(
    'a working acceptor passes the preflight, and a candidate’s own failure to report stays an execution error (not an env error)',
    { skip: NO_PYTEST },
    async () => {
      // The delivered tests make pytest exit before it writes a report: the candidate's doing, never a detection.
      // Exit 127 too: "command not found" would make it the environment's (undecided), hiding a lost detection.
      for (const [status, reason] of [
        [3, /wrote no report to \$TRIALGATE_REPORT/],
        [127, /exited 127 on this candidate, though it ran on the reference answers/],
      ] as const) {
        const configPath = await project({ command: PYTEST }, { delivered: `import os\nos._exit(${status})\n`, trials: 1 });
        const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
        const task = results.tasks[0]!;
        assert.equal(task.acceptor_check?.ok, true);
        const trial = task.trials[0]!;
        assert.equal(trial.outcome, 'fail', `exit ${status}: ${trial.env_error ?? ''}`);
        assert.ok(trial.judgements.every((j) => j.verdict === 'execution_error_or_skip'));
        assert.equal(trial.checks['detect:accepts-zero'], false);
        assert.match(trial.layers.final_state.failures.join('\n'), reason);
      }
    },
  );

  it('a working acceptor and a good candidate: the trials run and pass', { skip: NO_PYTEST }, async () => {
    const configPath = await project({ command: PYTEST }, { trials: 1, faults: { 'accepts-zero': TALLY_FAULTS['accepts-zero'] } });
    const { results } = await runTrialSet({ configPath, outDir: await tempDir() });
    const task = results.tasks[0]!;
    assert.equal(task.acceptor_check?.ok, true);
    assert.equal(task.trials[0]!.outcome, 'pass', JSON.stringify(task.trials[0]!.layers));
    assert.equal(task.trials[0]!.checks['detect:accepts-zero'], true);
  });
});
