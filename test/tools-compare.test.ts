// The gate's view of a skill edit: removing "look the state up after a timeout" from the skill is a
// regression on exactly that boundary.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { writeToolsTrialSet } from './support/tools.ts';

/**
 * The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows.
 * k = 2 against one base run of 2 cannot reach α (1/6): strict, chosen, as for a deterministic check.
 */
const FIXED_K = { confirmTrials: 0, policy: 'strict' } as const;

const run = async (without?: string) =>
  (await runTrialSet({ configPath: await writeToolsTrialSet({ ...(without ? { without } : {}), trials: 2 }), outDir: await tempDir('trialgate-run-') }))
    .results;

describe('tool boundaries at the gate', () => {
  it('a skill without "Lost answers" regresses on tool:lost-response and nothing else but the trial pass', async () => {
    const [base, head] = await Promise.all([run(), run('Lost answers')]);
    const comparison = compareResults([base], head, FIXED_K);
    const task = comparison.tasks[0]!;
    assert.equal(task.status, 'compared');
    assert.deepEqual(
      task.faults.map((f) => f.id),
      ['lost-response', 'duplicate-delivery', 'permission-revoked', 'late-after-change', 'late-after-cancel', 'injected-instruction', 'budget-exhausted'],
    );
    const regressed = task.checks.filter((c) => c.status === 'regressed');
    assert.deepEqual(
      regressed.map((c) => [c.check, `${c.base.successes}/${c.base.n} → ${c.head.successes}/${c.head.n}`]),
      [
        ['pass', '2/2 → 0/2'],
        ['tool:lost-response', '2/2 → 0/2'],
      ],
    );
    assert.equal(comparison.verdict, 'fail');
    assert.equal(task.checks.filter((c) => c.kind === 'tool').length, 7);
    assert.deepEqual(base.tasks[0]!.summary.detections, {}, 'boundaries are not detections');
  });
});
