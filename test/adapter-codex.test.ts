// The codex adapter against the loopback fake provider: test/support/adapter-suite.ts
// says what is tested; each adapter has a file of its own so that they run side by side.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeAdapter } from './support/adapter-suite.ts';
import { AGENT_CASES, KEY, referenceFiles, runAgentCase } from './support/agent-cases.ts';
import { FakeProvider } from './support/fake-provider.ts';

describeAdapter('codex');

describe('codex with a stream idle timeout of its own far below the provider watch’s silence limit', () => {
  it('a provider that stalls after its first byte: Codex gives up on each call and retries until it gives up; an environment error, never its failure', async () => {
    const c = AGENT_CASES.find((candidate) => candidate.cli === 'codex')!;
    const files = await referenceFiles();
    const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: 'stall' });
    try {
      // A team's own setting (model_providers.<id>.stream_idle_timeout_ms), passed after the adapter's arguments.
      const command = `${c.command} -- -c model_providers.trialgate.stream_idle_timeout_ms=2000 -c model_providers.trialgate.stream_max_retries=2`;
      const { trial } = await runAgentCase(c, provider, { command, env: { TRIALGATE_PROVIDER_SILENCE_SECONDS: '120' } });
      const said = JSON.stringify({ outcome: trial.outcome, stop: trial.stop_reason, notes: trial.layers.trajectory.notes }, null, 2);
      assert.equal(trial.outcome, 'env_error', said);
      assert.equal(trial.env_error_source, 'agent');
      assert.match(
        trial.layers.trajectory.notes.find((n) => n.startsWith('env error: ')) ?? '',
        /the provider (is unavailable: 2 calls|failed and the CLI gave up: \d call\(s\)) in a row failed, the last no byte from POST \S+\/v1\/responses for \d+(\.\d)? s, when the CLI gave up waiting and called again/,
        said,
      );
    } finally {
      await provider.close();
    }
  });
});
