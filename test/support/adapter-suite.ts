// The shipped adapters, each running its real CLI (the version pinned in package.json) through
// `trialgate run`, isolated in bubblewrap where it is available, against the loopback fake provider that
// speaks the CLI's wire protocol. A good key passes the task through trialgate's acceptance with the usage
// the provider reported; a provider in trouble (a refused key, a spent quota, 5xx, 429 rate limits, a
// provider that sends nothing, an error after a 200 in the middle of a stream, a stream cut, a 200 that is a
// proxy's HTML page, a provider that is down) is an environment error the adapter declares, with its reason, unless the CLI recovers on its own;
// a budget ends the CLI with a grace, leaving no forged evidence. A file of its own for each adapter
// (test/adapter-*.test.ts), so that the four run side by side.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { AGENT_CASES, KEY, referenceFiles, runAgentCase, runAgentTasks, type AgentCase } from './agent-cases.ts';
import { ANSWER_USAGE, FakeProvider, type ProviderMode } from './fake-provider.ts';
import { NO_ISOLATION } from './isolation.ts';

let files: Record<string, string> = {};

/** Nothing in evidence/ but what the runner writes and the usage: the raw output went elsewhere. */
async function evidenceFiles(trialDir: string): Promise<string[]> {
  return (await readdir(join(trialDir, 'evidence'))).sort();
}

/** The tests of the adapter (or example agent) named `name`. */
export function describeAdapter(name: string): void {
  const c = AGENT_CASES.find((candidate) => candidate.name === name);
  if (!c) throw new Error(`no agent case is named ${name}: ${AGENT_CASES.map((candidate) => candidate.name).join(', ')}`);
  before(async () => {
    files = await referenceFiles();
  });
  describeGoodKey(c);
  describeTroubles(c);
}

function describeGoodKey(c: AgentCase): void {
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
  });
}

/** A provider in trouble, each way; `down` is a provider whose port refuses connections. */
type Trouble = Exclude<ProviderMode, 'ok' | 'cut-late' | 'stall' | 'reset'> | 'down';
// The fake's other faults (a late cut, a stall after the first byte, a reset) are in bench/fault-matrix.ts.
const TROUBLES: Trouble[] = ['unauthorized', 'quota', 'overloaded', 'rate-limited', 'hang', 'error-mid-stream', 'cut', 'not-protocol', 'down'];
/** What each adapter declares (its reason), or `pass` where its CLI recovers on its own. */
function expected(c: AgentCase, trouble: Trouble): RegExp | 'pass' {
  if (!c.cli) return exampleAgent(c, trouble);
  switch (trouble) {
    case 'unauthorized':
      return c.refused;
    case 'quota':
      return /the provider's quota or credit is spent: 429 from POST \S+: You exceeded your current quota/;
    case 'overloaded':
      return /the provider is unavailable: 2 calls in a row failed, the last (529|503) from POST \S+: The server is overloaded/;
    case 'rate-limited':
      return /the provider (is unavailable: 2 calls in a row failed|failed and the CLI gave up: \d call\(s\) in a row failed), the last 429 from POST \S+: Rate limit reached/;
    case 'hang':
      return /the provider sent nothing for \d+(\.\d)? s while POST \S+ waited on it \(hung; TRIALGATE_PROVIDER_SILENCE_SECONDS sets the limit, now 6 s\)/;
    case 'error-mid-stream':
      // Claude Code retries a stream that failed without streaming, and the provider answers that: nothing happened.
      return c.cli === 'claude-code'
        ? 'pass'
        : /the provider (is unavailable: 2 calls|failed and the CLI gave up: \d call\(s\)) in a row failed, the last 200 from POST \S+: an error event after the 200: server_error/;
    case 'cut':
      return /the provider (is unavailable: 2 calls|failed and the CLI gave up: \d call\(s\)) in a row failed, the last 200 from POST \S+: (the stream was cut before the answer ended|the connection closed before the answer ended)/;
    case 'not-protocol':
      return /the provider (is unavailable: 2 calls|failed and the CLI gave up: \d call\(s\)) in a row failed, the last 200 from POST \S+: an HTML page, not a model answer \(Gateway\)/;
    case 'down':
      return c.down;
  }
}

/** The example agent's own words: it retries 429 and 5xx, errors in its stream and cuts twice, then declares. */
function exampleAgent(c: AgentCase, trouble: Trouble): RegExp {
  const keptFailing = (why: string) => new RegExp(`the chat completions endpoint kept failing after 3 tries \\(${why}`);
  switch (trouble) {
    case 'unauthorized':
      return c.refused;
    case 'quota':
      return /the quota is spent \(429 from the chat completions endpoint/;
    case 'overloaded':
      return keptFailing('503 from the chat completions endpoint');
    case 'rate-limited':
      return keptFailing('429 from the chat completions endpoint');
    case 'hang':
      return /the chat completions endpoint sent nothing for 6 s \(hung; LLM_TIMEOUT_MS sets the limit\)/;
    case 'error-mid-stream':
      return keptFailing('an error in the stream: .*server_error');
    case 'cut':
      return keptFailing('terminated');
    case 'not-protocol':
      return keptFailing('the stream ended before the answer did');
    case 'down':
      return c.down;
  }
}

function describeTroubles(c: AgentCase): void {
  describe(`${c.name} with a provider in trouble, each way in one run (k = 1, a task per provider)`, () => {
    let run: Awaited<ReturnType<typeof runAgentTasks>>;
    const providers = new Map<Trouble, FakeProvider>();

    before(async () => {
      for (const trouble of TROUBLES) {
        const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: trouble === 'down' ? 'ok' : trouble });
        if (trouble === 'down') await provider.close();
        providers.set(trouble, provider);
      }
      run = await runAgentTasks(
        c,
        TROUBLES.map((trouble) => ({
          id: trouble,
          provider: providers.get(trouble)!,
          // Short enough to be cheap; the default is a third of the budget.
          env: trouble === 'hang' ? { TRIALGATE_PROVIDER_SILENCE_SECONDS: '6', LLM_TIMEOUT_MS: '6000' } : undefined,
        })),
      );
    });
    after(async () => {
      for (const [trouble, provider] of providers) if (trouble !== 'down') await provider.close();
    });

    for (const trouble of TROUBLES) {
      const want = expected(c, trouble);
      it(
        want === 'pass'
          ? `${trouble}: the CLI recovers on its own, and the trial passes`
          : `${trouble}: an environment error the agent declares, with the reason; never the agent failing`,
        async () => {
          const trial = run.trials.get(trouble)!;
          const said = JSON.stringify({ outcome: trial.outcome, stop: trial.stop_reason, notes: trial.layers.trajectory.notes }, null, 2);
          if (want === 'pass') {
            assert.equal(trial.outcome, 'pass', said);
            return;
          }
          assert.equal(trial.outcome, 'env_error', said);
          assert.equal(trial.stop_reason, 'env_error');
          assert.equal(trial.env_error_source, 'agent');
          assert.deepEqual(trial.checks, {}, 'no check is counted');
          const reason = trial.layers.trajectory.notes.find((n) => n.startsWith('env error: '));
          assert.match(reason ?? '', want, said);
          if (trouble === 'quota') assert.equal(providers.get(trouble)!.modelCalls(c.protocol).length, 1, 'declared at the first answer, without retrying');
        },
      );
    }

    it('the terminal names the first environment error as the agent’s declaration', () => {
      assert.match(run.io.err, /\(declared by the agent\)/);
    });
  });
}

/** The claude-code adapter at its budget, and a CLI the sandbox cannot see. */
export function describeCliLimits(): void {
  describeBudget();
  describeCliNotSeen();
}

function describeBudget(): void {
  describe('the claude-code adapter at its budget', () => {
    const c = AGENT_CASES[0]!;

    it('at its budget the CLI gets SIGTERM and a grace: budget_exhausted, no forged evidence, no environment error', async () => {
      // A model that takes longer than the budget, and a silence limit above it: the budget ends the trial.
      // The CLI's start is seconds of CPU: with a budget of 3 s, a machine 8× oversubscribed kept it waiting
      // for a core past the three budgets given back, an environment error (src/agent/starvation.ts). At 10 s
      // the start fits however busy the runner; the rest of the budget the CLI sleeps on the hung provider.
      const provider = await FakeProvider.start({ key: KEY, files: () => files, mode: 'hang' });
      try {
        const { trial, trialDir } = await runAgentCase(c, provider, { wallSeconds: 10, env: { TRIALGATE_PROVIDER_SILENCE_SECONDS: '600' } });
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
}

function describeCliNotSeen(): void {
  describe('a CLI the sandbox cannot see', () => {
    const c = AGENT_CASES[0]!;

    it('not on the agent’s PATH: found before the first trial, every trial an environment error naming the program and the fix, none run', async () => {
      const provider = await FakeProvider.start({ key: KEY, files: () => files });
      try {
        const { code, trial, io } = await runAgentCase(c, provider, { env: { PATH: '/usr/local/bin:/usr/bin:/bin' } });
        assert.equal(code, 2);
        assert.equal(trial.outcome, 'env_error');
        assert.equal(trial.env_error_source, undefined, 'found by trialgate, not declared by the agent');
        assert.match(
          io.err,
          /the claude-code adapter runs Claude Code \(claude\), which the agent cannot find on its PATH; it is installed in the project at \S+\/node_modules\/\.bin\/claude, which is not on the agent's PATH: list node_modules in agent\.files and put \$\{TRIALGATE_PROJECT\}\/node_modules\/\.bin first on PATH in agent\.env, or install it system-wide \(npm install -g @anthropic-ai\/claude-code@2\.1\.332\)/,
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
}
