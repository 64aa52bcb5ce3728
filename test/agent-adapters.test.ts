// The shipped adapters, each running its real CLI (the version pinned in package.json) through
// `trialgate run`, isolated in bubblewrap where it is available, against the loopback fake provider that
// speaks the CLI's wire protocol. A good key passes the task through trialgate's acceptance with the usage
// the provider reported; a refused key, a spent quota, an outage and a provider that is down are
// environment errors the adapter declares, with the reason in the terminal; a budget ends the CLI with a
// grace, leaving no forged evidence.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { AGENT_CASES, KEY, referenceFiles, runAgentCase, WRONG_KEY } from './support/agent-cases.ts';
import { ANSWER_USAGE, FakeProvider } from './support/fake-provider.ts';
import { NO_ISOLATION } from './support/isolation.ts';

const CASES = AGENT_CASES;
let files: Record<string, string> = {};

before(async () => {
  files = await referenceFiles();
});

/** Nothing in evidence/ but what the runner writes and the usage: the raw output went elsewhere. */
async function evidenceFiles(trialDir: string): Promise<string[]> {
  return (await readdir(join(trialDir, 'evidence'))).sort();
}

for (const c of CASES) {
  describe(`${c.name}, run by trialgate against a fake provider (${c.protocol})`, () => {
    it('a good key: the trial passes through acceptance with the usage the provider reported, and nothing forged', async () => {
      const provider = await FakeProvider.start({ key: KEY, files: () => files });
      try {
        const { code, trial, trialDir, io } = await runAgentCase(c, provider);
        assert.equal(code, 0, io.err);
        assert.equal(trial.outcome, 'pass', JSON.stringify(trial, null, 2) + io.err);
        const reported = provider.reported[c.protocol];
        assert.ok(reported.answers >= (c.cli ? 3 : 1), `the model wrote two files and ended its turn (${reported.answers} answers)`);
        assert.equal(trial.usage?.input_tokens, reported.input, 'input tokens as the provider reported them');
        assert.equal(trial.usage?.output_tokens, reported.output);
        assert.equal(trial.usage?.input_tokens, reported.answers * ANSWER_USAGE.input);
        assert.ok(
          provider.modelCalls(c.protocol).every((r) => r.authorized),
          'every model call carried the key',
        );
        assert.deepEqual(await evidenceFiles(trialDir), ['agent.log', 'reports', 'timings.json', 'usage.json', 'verdict.json']);
        assert.equal(trial.checks['constraint:evidence-untouched'], true);
        const log = await readFile(join(trialDir, 'evidence', 'agent.log'), 'utf8');
        assert.doesNotMatch(log, /Refusing to create helper binaries under temporary dir/, 'the HOME is not under the TMPDIR');
      } finally {
        await provider.close();
      }
    });

    it('a wrong key: an environment error the adapter declares, with the 401 in the terminal; never the agent failing', async () => {
      const provider = await FakeProvider.start({ key: KEY, files: () => files });
      try {
        const { code, trial, io } = await runAgentCase(c, provider, { key: WRONG_KEY });
        assert.equal(trial.outcome, 'env_error', JSON.stringify(trial, null, 2));
        assert.equal(trial.env_error_source, 'agent');
        assert.equal(code, 2, 'no trial could execute');
        assert.match(io.err, c.refused);
        assert.match(io.err, /\(declared by the agent\)/);
        assert.deepEqual(trial.checks, {}, 'no check is counted');
      } finally {
        await provider.close();
      }
    });

    it('the provider is down (its port refuses connections): an environment error the adapter declares', async () => {
      const provider = await FakeProvider.start({ key: KEY, files: () => files });
      await provider.close();
      const { trial, io } = await runAgentCase(c, provider);
      assert.equal(trial.outcome, 'env_error', JSON.stringify(trial, null, 2));
      assert.equal(trial.env_error_source, 'agent');
      assert.match(io.err, c.down);
    });
  });
}

describe('the claude-code adapter in a provider in trouble, and at its budget', () => {
  const c = CASES[0]!;

  it('a spent quota (429 insufficient_quota) is declared at once as the environment’s', async () => {
    const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: 'quota' });
    try {
      const { trial, io } = await runAgentCase(c, provider);
      assert.equal(trial.outcome, 'env_error');
      assert.equal(trial.env_error_source, 'agent');
      assert.match(io.err, /the provider's quota or credit is spent: 429/);
      assert.equal(provider.modelCalls('anthropic').length, 1, 'declared at the first answer, without retrying');
    } finally {
      await provider.close();
    }
  });

  it('an outage (529 overloaded) is declared once the calls in a row fail, instead of retrying until the budget', async () => {
    const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: 'overloaded' });
    try {
      const { trial, io } = await runAgentCase(c, provider);
      assert.equal(trial.outcome, 'env_error');
      assert.equal(trial.stop_reason, 'env_error');
      assert.match(io.err, /the provider is unavailable: 2 calls in a row failed, the last 529/);
    } finally {
      await provider.close();
    }
  });

  it('at its budget the CLI gets SIGTERM and a grace: budget_exhausted, no forged evidence, no environment error', async () => {
    const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: 'hang' });
    try {
      const { trial, trialDir } = await runAgentCase(c, provider, { wallSeconds: 3 });
      assert.equal(trial.stop_reason, 'budget_exhausted', JSON.stringify(trial, null, 2));
      assert.equal(trial.outcome, 'fail');
      assert.equal(trial.checks['constraint:evidence-untouched'], true, 'the raw output is in the adapter’s own temporary directory');
      assert.ok(!(await evidenceFiles(trialDir)).some((f) => f.endsWith('.json') && !['timings.json', 'verdict.json', 'usage.json'].includes(f)));
      const log = await readFile(join(trialDir, 'evidence', 'agent.log'), 'utf8');
      assert.doesNotMatch(log, /trialgate-env-error/);
      assert.ok(
        trial.layers.trajectory.notes.some((n) => /exited 143|ended by SIG/.test(n)),
        trial.layers.trajectory.notes.join('\n'),
      );
    } finally {
      await provider.close();
    }
  });
});

describe('a CLI the sandbox cannot see', () => {
  const c = CASES[0]!;

  it('not on the agent’s PATH: found before the first trial, every trial an environment error naming the program and the fix, none run', async () => {
    const provider = await FakeProvider.start({ key: KEY, files: () => files });
    try {
      const { code, trial, io } = await runAgentCase(c, provider, { env: { PATH: '/usr/local/bin:/usr/bin:/bin' } });
      assert.equal(code, 2);
      assert.equal(trial.outcome, 'env_error');
      assert.equal(trial.env_error_source, undefined, 'found by trialgate, not declared by the agent');
      assert.match(
        io.err,
        /the claude-code adapter runs Claude Code \(claude\), which the agent cannot find on its PATH: install it system-wide \(npm install -g @anthropic-ai\/claude-code@2\.1\.332\), or list its package directory in agent\.files and set CLAUDE_CODE_BIN/,
      );
      assert.equal(provider.requests.length, 0, 'no agent ran');
    } finally {
      await provider.close();
    }
  });

  it('installed in the project but not shown to the isolated agent: the reason says where it is', { skip: NO_ISOLATION }, async () => {
    const provider = await FakeProvider.start({ key: KEY, files: () => files });
    try {
      const { trial, io } = await runAgentCase(c, provider, { files: [] });
      assert.equal(trial.outcome, 'env_error');
      assert.match(
        io.err,
        /which the agent cannot find on its PATH; it is installed at \S+\/node_modules\/\.bin\/claude, where the isolated agent cannot see it/,
      );
      assert.equal(provider.requests.length, 0);
    } finally {
      await provider.close();
    }
  });
});
