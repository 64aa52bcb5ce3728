// A finished trial's line in a CI log: one line, its reason's first line, bounded, and where the rest is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { progressReporter } from '../src/trial/progress.ts';
import type { TrialResult } from '../src/schemas/results.ts';

const COMPILER = [
  'acceptance: candidate/TallyTest.java:11: error: illegal start of type',
  'class TallyTest { this is not java;',
  "candidate/TallyTest.java:11: error: ';' expected",
].join('\n');

function lineFor(result: Partial<TrialResult>): string {
  const lines: string[] = [];
  const report = progressReporter((text) => lines.push(text), false);
  const layers = { final_state: { failures: [] as string[] }, constraints: { failures: [] }, tool_contract: { failures: [] } };
  const trial = { outcome: 'fail', stop_reason: 'completed', wall_ms: 12_500, evidence: 'tally/trial-001', layers, ...result } as unknown as TrialResult;
  report({ done: 1, total: 1, task: 'tally', trial: 1, result: trial });
  assert.equal(lines.length, 1);
  return lines[0]!;
}

test("a failure's compiler output is its first line and the file that holds the rest", () => {
  const line = lineFor({
    layers: {
      final_state: { failures: [`none: execution_error_or_skip: ${COMPILER}`] },
      constraints: { failures: [] },
      tool_contract: { failures: [] },
    } as never,
  });
  assert.equal(line.split('\n').length, 2, 'one line and its end');
  assert.match(line, /illegal start of type \(the whole reason: tally\/trial-001\/evidence\/verdict\.json\)\n$/);
  assert.doesNotMatch(line, /this is not java|\\n/);
});

test('a one-line reason is shown whole; a very long one is cut and says where the rest is', () => {
  const short = lineFor({ outcome: 'env_error', env_error: 'the provider did not answer within 60 s' });
  assert.match(short, /: env_error \(12\.5 s\) — the provider did not answer within 60 s\n$/);
  const long = lineFor({ outcome: 'env_error', env_error: `x${'y'.repeat(1000)}` });
  assert.ok(long.length < 400, `${long.length} characters`);
  assert.match(long, /…\s\(the whole reason: tally\/trial-001\/evidence\/verdict\.json\)\n$/);
});

test("an environment error's line names what to fix: the trial's own reason, not only the rule it falls under", () => {
  const layers = {
    final_state: { failures: [] },
    constraints: { failures: [] },
    tool_contract: { failures: [] },
    trajectory: { notes: ['agent exited null after 0 ms', 'env error: the agent command names /repo/agent/agnet.mjs, which does not exist'] },
  };
  const rule = 'the agent could not be started (a setup mistake, not a verdict on the agent): fix the trial set and run again';
  const line = lineFor({ outcome: 'env_error', env_error: rule, layers } as never);
  assert.match(line, /: env_error \(12\.5 s\) — the agent command names \/repo\/agent\/agnet\.mjs, which does not exist\n$/);
  const declared = lineFor({
    outcome: 'env_error',
    env_error: 'the agent declared that its environment failed',
    env_error_source: 'agent',
    layers: { ...layers, trajectory: { notes: ['env error: the model server is down'] } },
  } as never);
  assert.match(declared, / — the model server is down \(declared by the agent\)\n$/);
});
