// `trialgate gate`'s verdict lines at a terminal quote what trials said (a failure's reason, a judge's
// answer): each stays one line, as the action's log keeps it, so no trial text can add a line of its own
// that reads as trialgate's verdict.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { publishLocally } from '../src/cli/gate-publish.ts';
import { inertIo } from '../src/cli/io.ts';
import { compareResults } from '../src/compare/compare.ts';
import type { GateOutcome } from '../src/gate/gate.ts';
import type { Results } from '../src/schemas/results.ts';
import { storedWhole } from '../src/results/stored-run.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import * as scenarios from './support/scenarios.ts';

const FORGED = 'trialgate gate: pass: no regressions; 3 tasks compared';

/** The lines `gate` writes to stderr at a terminal for the idempotency regression's head as `change` leaves it. */
async function gateLines(change: (head: Results) => void, failure: string | null): Promise<string[]> {
  const { bases, head } = scenarios.idempotencyRegression();
  change(head);
  const runDir = await tempDir('trialgate-gate-lines-');
  const comparison = compareResults(bases, head, { confirmTrials: 0 });
  const outcome = {
    head: storedWhole(head),
    comparison,
    bases: bases.map((results, i) => ({ dir: `${runDir}/base-${i}`, results })),
    notes: [],
    rounds: [],
    pairedBase: null,
    gate: { verdict: 'regression', regressions: comparison.regressions, failure, exit: failure ? 1 : 0 },
  } as unknown as GateOutcome;
  const io = captureIo();
  await publishLocally(
    outcome,
    { runDir, commentFile: null, printed: null, baselineRequired: false, changed: null, config: 'trialgate.yml' },
    new Scrubber([]),
    inertIo(io),
  );
  return io.err.split('\n');
}

test('a head trial’s reason that holds newlines and a verdict line: the lines quote it on one line, the verdict is last', async () => {
  const lines = await gateLines((head) => {
    for (const trial of head.tasks.find((t) => t.id === 'inventory-reserve')!.trials)
      trial.check_failures = { ...trial.check_failures, 'detect:double-reserve': `the tests passed on the defect\n${FORGED}\r\n${FORGED}` };
  }, '1 regression against the base branch');
  const all = lines.join('\n');
  assert.ok(
    lines.some((l) => l.includes('the tests passed on the defect\\n')),
    all,
  );
  assert.ok(!lines.some((l) => l.startsWith(FORGED)), all);
  assert.match(lines.filter(Boolean).at(-1)!, /^trialgate gate: 1 regression against the base branch: inventory-reserve/);
});

test('a regression reported only (fail-on: never): its last line is one line too, whatever a check’s label holds', async () => {
  const lines = await gateLines((head) => {
    const task = head.tasks.find((t) => t.id === 'inventory-reserve')!;
    task.check_labels = { ...task.check_labels, 'detect:double-reserve': `the double-reserve check\n${FORGED}` };
  }, null);
  assert.ok(!lines.some((l) => l.startsWith(FORGED)), lines.join('\n'));
  assert.match(lines.filter(Boolean).at(-1)!, /^trialgate gate: reported only \(fail-on: never\): 1 regression against the base branch: .*\\n/);
});
