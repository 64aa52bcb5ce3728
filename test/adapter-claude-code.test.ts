// The claude-code adapter against the loopback fake provider: test/support/adapter-suite.ts
// says what is tested; each adapter has a file of its own so that they run side by side.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeAdapter, describeCliLimits } from './support/adapter-suite.ts';
import { AGENT_CASES, KEY, referenceFiles, runAgentCase } from './support/agent-cases.ts';
import { ANSWER_USAGE, FakeProvider } from './support/fake-provider.ts';

describeAdapter('claude-code');
describeCliLimits();

describe('claude-code whose provider fails after its first answer', () => {
  it('connections reset from the second call on: an environment error, with the usage of the answer it had (paid for, though the CLI never reported it)', async () => {
    const c = AGENT_CASES.find((candidate) => candidate.cli === 'claude-code')!;
    const files = await referenceFiles();
    const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: 'reset', faultFrom: 1 });
    try {
      const { trial } = await runAgentCase(c, provider);
      const said = JSON.stringify({ outcome: trial.outcome, stop: trial.stop_reason, usage: trial.usage, notes: trial.layers.trajectory.notes }, null, 2);
      assert.equal(trial.outcome, 'env_error', said);
      assert.match(trial.layers.trajectory.notes.find((n) => n.startsWith('env error: ')) ?? '', /the last no answer from POST \S+ \(ECONNRESET\)/, said);
      const paid = provider.reported.anthropic;
      assert.ok(paid.answers >= 1, 'the first file was written');
      assert.deepEqual(trial.usage, { input_tokens: paid.input, output_tokens: paid.output, total_tokens: paid.input + paid.output }, said);
      assert.equal(paid.input, paid.answers * ANSWER_USAGE.input);
    } finally {
      await provider.close();
    }
  });
});
