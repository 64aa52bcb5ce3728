// The environment's failures told apart from the agent's, with plain agent commands: the channel by which
// an agent declares its environment failed (exit 75 and a `trialgate-env-error:` line), its shell's "not
// found" and "cannot execute" for a program the command names, what `trialgate run` prints for an
// environment error and for a crash, the budget's SIGTERM and grace before the kill, and the provider watch
// any agent can run behind ($TRIALGATE_ADAPTERS/watch.mjs).
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { readResultsFile } from '../src/results/read.ts';
import { commandPrograms } from '../src/util/command-paths.ts';
import { tempDir } from './support/fixtures.ts';
import { FakeProvider, type ProviderMode } from './support/fake-provider.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { writeTrialSet } from './support/trialset.ts';
import { trialSaid } from './support/trial-said.ts';

async function run(command: string, options: { wallSeconds?: number; isolation?: 'auto' | 'none'; before?: (dir: string) => Promise<void> } = {}) {
  const configPath = await writeTrialSet({ command, wallSeconds: options.wallSeconds ?? 30, agent: { isolation: options.isolation ?? 'auto' } });
  await options.before?.(dirname(configPath));
  const out = join(await tempDir(), 'run');
  const io = captureIo(dirname(configPath));
  const code = await main(['run', '--out', out], io);
  const trial = (await readResultsFile(join(out, 'results.json'))).tasks[0]!.trials[0]!;
  return { code, io, trial, trialDir: join(out, trial.evidence) };
}

describe('an agent declares that its environment failed', () => {
  it('exit 75 with a reason line: an env_error with that reason, declared by the agent, printed by run', async () => {
    const { code, io, trial } = await run('echo "working"; echo "trialgate-env-error: the model server at 10.0.0.7 is down" >&2; exit 75');
    assert.equal(trial.outcome, 'env_error', trialSaid(trial));
    assert.equal(trial.stop_reason, 'env_error');
    assert.equal(trial.env_error_source, 'agent');
    assert.match(trial.env_error!, /the agent declared that its environment failed/);
    assert.ok(trial.layers.trajectory.notes.includes('env error: the model server at 10.0.0.7 is down'));
    assert.deepEqual(trial.checks, {});
    assert.equal(code, 2, 'no trial could execute');
    assert.match(io.err, /inventory\/trial-001: the model server at 10\.0\.0\.7 is down \(declared by the agent\)/);
    assert.match(io.out, /inventory trial 1: .*\(declared by the agent\)/);
  });

  it('exit 75 without a reason line is still declared, with the end of its output as the reason', async () => {
    const { trial } = await run('echo "quota exceeded, giving up"; exit 75');
    assert.equal(trial.outcome, 'env_error', trialSaid(trial));
    assert.equal(trial.env_error_source, 'agent');
    assert.ok(trial.layers.trajectory.notes.some((n) => /without a "trialgate-env-error: <reason>" line; its output ends: quota exceeded, giving up/.test(n)));
  });

  it('the line without exit 75 declares nothing: a crash stays a crash, and run prints its log tail', async () => {
    const { code, io, trial } = await run('echo "trialgate-env-error: not really"; echo "Traceback: boom" >&2; exit 1');
    assert.equal(trial.stop_reason, 'agent_crashed');
    assert.equal(trial.outcome, 'fail', trialSaid(trial));
    assert.equal(trial.env_error_source, undefined);
    assert.equal(code, 0);
    assert.match(
      io.err,
      /the first agent that crashed:\n {2}inventory\/trial-001: agent exited 1 after \d+ ms\n {2}agent log \(last lines\):\n.*\n {4}Traceback: boom/,
    );
  });
});

describe('a program the agent command names that its shell cannot run', () => {
  it('a missing program is found before the first trial, naming it', async () => {
    const { code, io, trial } = await run('nosuch-cli-xyz --go; node -e "process.exit(0)"');
    assert.equal(code, 2);
    assert.equal(trial.outcome, 'env_error', trialSaid(trial));
    assert.match(io.err, /the agent command runs nosuch-cli-xyz, which the agent cannot find on its PATH/);
  });

  it('“not found” from its shell is an environment error even when a later command exits 0 (`cli …; node usage.mjs`)', async () => {
    // A program named through a trial's variable can only be looked for in the trial: its shell says it is missing.
    const { code, trial } = await run('"$TRIALGATE_INPUTS/nosuch-cli" --go; node -e "process.exit(0)"');
    assert.equal(trial.outcome, 'env_error', JSON.stringify(trial.layers.trajectory.notes));
    assert.ok(
      trial.layers.trajectory.notes.some((n) => /the agent command's program .*inputs\/nosuch-cli not found \(sh: 1: .*nosuch-cli: not found\)/.test(n)),
    );
    assert.equal(code, 2);
  });

  it('“Permission denied” for its script: an environment error naming the program, though the command then exits 0', async () => {
    const { trial } = await run('"$TRIALGATE_PROJECT/fixture/agent/run.sh" --go; node -e "process.exit(0)"', {
      before: async (dir) => writeFile(join(dir, 'fixture', 'agent', 'run.sh'), '#!/bin/sh\necho ok\n', { mode: 0o644 }),
    });
    assert.equal(trial.outcome, 'env_error', JSON.stringify(trial.layers.trajectory.notes));
    assert.equal(trial.env_error_source, undefined, 'found by trialgate');
    assert.ok(
      trial.layers.trajectory.notes.some((n) => /the agent command's program .*run\.sh cannot be executed \(sh: 1: .*run\.sh: Permission denied\)/.test(n)),
    );
  });

  it('a "not found" of a program the command does not name is the agent’s own work, no excuse', async () => {
    const { trial } = await run('sh -c "nosuch-tool-of-the-agent" ; node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"');
    assert.notEqual(trial.outcome, 'env_error', trialSaid(trial));
  });

  it('a program found before the first trial that the agent’s output calls “not found”, or an exit 127 or 126 of its own, is the agent’s failure', async () => {
    for (const forged of [
      `console.error('sh: 1: node: not found'); process.exit(127)`,
      `console.error('sh: 1: node: Permission denied'); process.exit(126)`,
      `process.exit(127)`,
    ]) {
      const { trial } = await run(`node -e ${JSON.stringify(forged)}`);
      assert.equal(trial.outcome, 'fail', `${forged}: ${trial.env_error ?? ''}`);
      assert.equal(trial.stop_reason, 'agent_crashed', forged);
      assert.equal(trial.env_error, undefined, forged);
    }
  });

  it('the programs of a command are the first words of its simple commands, past assignments and prefixes', () => {
    const names = (command: string) => commandPrograms(command).map((p) => p.name);
    assert.deepEqual(names('claude -p "$(cat "$A") x" --y > "$T/out.json"; node "$P/usage.mjs"'), ['claude', 'node']);
    assert.deepEqual(names('cd "$C" && FOO=1 exec env -i X=2 codex exec --json'), ['cd', 'codex']);
    assert.deepEqual(names('if [ -f x ]; then ./run.sh 2>&1 | tee log; fi'), ['[', './run.sh', 'tee']);
    assert.deepEqual(names('`which python` agent.py'), [], 'a substitution is never run to learn its program');
    assert.deepEqual(names('"$HOME/bin/my agent" # a comment; rm -rf /'), ['$HOME/bin/my agent']);
  });
});

describe('trialgate gate when every head trial is a setup mistake', () => {
  it('exits 2 (fix the setup), not 3 (rerun): a rerun cannot set a variable', async () => {
    const configPath = await writeTrialSet({ command: 'node -e "process.exit(1)"', agent: { isolation: 'none' } });
    const dir = dirname(configPath);
    const base = join(await tempDir(), 'base');
    assert.equal(await main(['run', '--out', base], captureIo(dir)), 0);
    const { stringify, parse } = await import('yaml');
    const config = parse(await readFile(configPath, 'utf8'));
    config.agent.pass_env = ['TRIALGATE_TEST_NEVER_SET_KEY'];
    await writeFile(configPath, stringify(config));
    const io = captureIo(dir);
    const code = await main(['gate', '--base', join(base, 'results.json'), '--out', join(await tempDir(), 'head'), '--confirm-trials', '0'], io);
    assert.equal(code, 2, io.err);
    // The last line names what to fix (the variable), not only the rule that it is a setup mistake.
    assert.match(io.err, /no trial could execute: every one is a setup mistake: [^\n]*TRIALGATE_TEST_NEVER_SET_KEY[^\n]*; fix it, for a rerun will not/);
  });
});

/** A budget long enough that the agent's shell has set its trap when SIGTERM comes, however busy the machine. */
const BUDGET_RACE_FREE = 20;

describe('the budget ends the agent with SIGTERM and a grace', () => {
  for (const isolation of ['auto', 'none'] as const) {
    it(
      `isolated: ${isolation}: the agent gets SIGTERM, writes its usage in the grace; budget_exhausted, never a pass`,
      { skip: isolation === 'auto' ? NO_ISOLATION : undefined },
      async () => {
        const agent = `trap 'echo "{\\"input_tokens\\": 123}" > evidence/usage.json; exit 0' TERM; sleep 60 & wait`;
        // A budget the agent's shell outlives the start of (its trap set) even on a machine twenty times
        // oversubscribed (5 s was raced by a sandbox's start at a load of 40 on 2 cores); it only waits.
        const { trial, trialDir } = await run(agent, { wallSeconds: BUDGET_RACE_FREE, isolation });
        assert.equal(trial.stop_reason, 'budget_exhausted');
        assert.equal(trial.outcome, 'fail', trialSaid(trial));
        assert.deepEqual(trial.usage, { input_tokens: 123 }, 'what it wrote in its grace is its usage');
        assert.equal(trial.checks['constraint:evidence-untouched'], true);
        assert.deepEqual((await readdir(join(trialDir, 'evidence'))).sort(), ['agent.log', 'timings.json', 'usage.json', 'verdict.json']);
      },
    );
  }

  it('an agent that carries on after SIGTERM is killed after the grace', async () => {
    const { trial, trialDir } = await run(`trap 'echo "got SIGTERM, carrying on"' TERM; while true; do sleep 0.2; done`, { wallSeconds: BUDGET_RACE_FREE });
    assert.equal(trial.stop_reason, 'budget_exhausted');
    assert.match(await readFile(join(trialDir, 'evidence', 'agent.log'), 'utf8'), /got SIGTERM, carrying on/, 'asked first');
    assert.ok(
      trial.layers.trajectory.notes.some((n) => /^agent ended by SIGKILL/.test(n)),
      trial.layers.trajectory.notes.join('\n'),
    );
  });
});

describe('the agent’s HOME and TMPDIR', () => {
  for (const isolation of ['auto', 'none'] as const) {
    it(
      `isolation ${isolation}: both its own and writable, the HOME not under the TMPDIR`,
      { skip: isolation === 'auto' ? NO_ISOLATION : undefined },
      async () => {
        const agent =
          'echo "home=$HOME tmp=$TMPDIR"; case "$HOME/" in "$TMPDIR"/*) exit 3;; esac; touch "$HOME/h" "$TMPDIR/t" || exit 4; node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"';
        const { trial, trialDir } = await run(agent, { isolation });
        assert.equal(trial.outcome, 'pass', `${await readFile(join(trialDir, 'evidence', 'agent.log'), 'utf8')}`);
      },
    );
  }
});

describe('any agent behind the provider watch ($TRIALGATE_ADAPTERS/watch.mjs)', () => {
  const KEY = 'sk-watch-0123456789abcdef';
  // A naive agent of one streamed chat call, which crashes (exit 1) whenever the call does not end well.
  const AGENT = `const r = await fetch(process.env.LLM_BASE_URL + '/chat/completions', { method: 'POST',
    headers: { authorization: 'Bearer ' + process.env.LLM_API_KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'm', stream: true, messages: [{ role: 'user', content: 'go' }] }) });
  const text = await r.text().catch((e) => 'cut: ' + e.message);
  if (!r.ok || !text.includes('[DONE]')) { console.error('my agent: the model call failed: ' + r.status + ' ' + text.slice(-200)); process.exit(1); }
  console.log('my agent: done');`;
  const WATCHED = 'node "$TRIALGATE_ADAPTERS/watch.mjs" --key LLM_API_KEY --base-url LLM_BASE_URL -- node "$TRIALGATE_PROJECT/fixture/agent/my-agent.mjs"';
  const modes: ProviderMode[] = ['ok', 'hang', 'error-mid-stream', 'cut'];
  const providers = new Map<string, FakeProvider>();
  let trials: Map<string, Awaited<ReturnType<typeof readResultsFile>>['tasks'][number]['trials'][number]>;

  before(async () => {
    process.env.LLM_API_KEY = KEY;
    for (const mode of modes) providers.set(mode, await FakeProvider.start({ key: KEY, files: () => ({}), mode }));
    const task = (id: string, mode: ProviderMode, command?: string) => ({
      id,
      set: 'dev',
      fixture: 'fixture',
      acceptance: 'http-cases',
      agent: { env: { LLM_BASE_URL: `${providers.get(mode)!.url}/v1` }, ...(command ? { command } : {}) },
    });
    const configPath = await writeTrialSet({
      command: WATCHED,
      // A silence limit a provider that answers never reaches on a busy machine, far below the budget.
      env: { TRIALGATE_PROVIDER_FAILURES: '1', TRIALGATE_PROVIDER_SILENCE_SECONDS: '10' },
      agent: { pass_env: ['LLM_API_KEY'] },
      extra: {
        tasks: [...modes.map((mode) => task(mode, mode)), task('unwatched', 'error-mid-stream', 'node "$TRIALGATE_PROJECT/fixture/agent/my-agent.mjs"')],
      },
    });
    await writeFile(join(dirname(configPath), 'fixture', 'agent', 'my-agent.mjs'), AGENT);
    const out = join(await tempDir(), 'run');
    await main(['run', '--out', out, '--concurrency', '5'], captureIo(dirname(configPath)));
    trials = new Map((await readResultsFile(join(out, 'results.json'))).tasks.map((t) => [t.id, t.trials[0]!]));
  });
  after(async () => {
    delete process.env.LLM_API_KEY;
    for (const provider of providers.values()) await provider.close();
  });

  const declared = (id: string) => {
    const trial = trials.get(id)!;
    assert.equal(trial.outcome, 'env_error', JSON.stringify(trial.layers.trajectory.notes));
    assert.equal(trial.env_error_source, 'agent');
    return trial.layers.trajectory.notes.find((n) => n.startsWith('env error: ')) ?? '';
  };

  it('a provider that answers: the agent runs as it would alone, its work judged', () => {
    const trial = trials.get('ok')!;
    assert.notEqual(trial.outcome, 'env_error', JSON.stringify(trial.layers.trajectory.notes));
    assert.equal(trial.stop_reason, 'completed');
  });

  it('a provider that sends nothing: declared hung long before the budget', () => {
    assert.match(declared('hang'), /the provider sent nothing for \d+(\.\d)? s while POST \S+\/v1\/chat\/completions waited on it \(hung/);
  });

  it('an error after the 200, or a stream cut: the agent’s crash is declared the provider’s failure', () => {
    assert.match(
      declared('error-mid-stream'),
      /the provider is unavailable: 1 calls in a row failed, the last 200 from POST \S+: an error event after the 200: server_error/,
    );
    assert.match(declared('cut'), /the stream was cut before the answer ended/);
  });

  it('without the watch the same agent’s crash is its own', () => {
    const trial = trials.get('unwatched')!;
    assert.equal(trial.stop_reason, 'agent_crashed');
    assert.equal(trial.env_error, undefined);
  });
});
