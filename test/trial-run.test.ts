import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { appendFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { describe, it } from 'node:test';
import { NO_ISOLATION } from './support/isolation.ts';
import { main } from '../src/cli/main.ts';
import { Results, type TrialResult } from '../src/schemas/results.ts';
import { writeRunReports } from '../src/report/reporters.ts';
import { PROJECT_CHANGED } from '../src/trial/run-trial.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { INVENTORY, inventoryCopy, tempDir } from './support/fixtures.ts';
import { processesWith } from './support/hostile.ts';
import { captureIo } from './support/io.ts';
import { recordedRun } from './support/recorded-runs.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

async function run(options: Parameters<typeof writeTrialSet>[0] = {}) {
  const configPath = await writeTrialSet(options);
  return runTrialSet({ configPath, outDir: await tempDir('trialgate-run-'), outputs: writeRunReports });
}

const only = (results: Results): TrialResult[] => results.tasks[0]!.trials;

describe('trialgate run', () => {
  it('the full skill passes every trial, with the exact trial layout and evidence', async () => {
    const { results, runDir, resultsPath } = await run({ trials: 2 });
    assert.deepEqual(Results.parse(JSON.parse(await readFile(resultsPath, 'utf8'))), results);
    for (const trial of only(results)) {
      assert.equal(trial.outcome, 'pass', JSON.stringify(trial.layers));
      assert.equal(trial.stop_reason, 'completed');
    }
    const trialDir = join(runDir, 'inventory', 'trial-001');
    assert.deepEqual((await readdir(trialDir)).sort(), ['candidate', 'config.json', 'evidence', 'inputs', 'task.txt']);
    assert.deepEqual((await readdir(join(trialDir, 'evidence'))).sort(), ['agent.log', 'reports', 'timings.json', 'verdict.json']);
    assert.deepEqual((await readdir(join(trialDir, 'evidence', 'reports'))).sort(), [
      'double-reserve.json',
      'missing-record.json',
      'none.json',
      'reject-writes.json',
    ]);
    const config = JSON.parse(await readFile(join(trialDir, 'config.json'), 'utf8'));
    assert.equal(config.k, 2);
    assert.match(config.watched.sha256, /^[0-9a-f]{64}$/);
    assert.ok(Object.keys(config.watched.files).some((f) => f.endsWith('inventory-testing.md')));
    assert.equal(typeof config.seed, 'number');
    // Which of the fixture's files a later change touched can be named: each protected file by its hash.
    const files = results.tasks[0]!.fixture_files!;
    assert.match(files['fixture.json']!, /^[0-9a-f]{16}$/);
    assert.ok(Object.keys(files).some((f) => f.startsWith('reference/')));
    const summary = results.tasks[0]!.summary;
    assert.deepEqual([summary.n, summary.passes, summary.pass_at_1, summary.pass_pow_k], [2, 2, 1, 1]);
    assert.equal(summary.tokens, undefined, 'the scripted agent reports no usage: blank, never estimated');
    const junit = await readFile(join(runDir, 'junit.xml'), 'utf8');
    assert.equal((junit.match(/<testcase /g) ?? []).length, 2);
  });

  for (const isolation of ['required', 'none']) {
    it(
      `${isolation}: a budget overrun ends the agent and everything it started, as budget_exhausted, never a pass`,
      { skip: isolation === 'required' ? NO_ISOLATION : undefined },
      async () => {
        // Every process the agent starts carries the marker in its environment, the detached one too.
        const marker = `tg-budget-${randomUUID()}`;
        const command = `setsid sleep 300 & node "$TRIALGATE_PROJECT/fixture/agent/scripted-agent.mjs"`;
        const { results } = await run({
          // Long enough that a busy runner's wait for a core while the sandbox and node start stays within
          // the three budgets given back for it (src/agent/starvation.ts); the agent sleeps the rest.
          wallSeconds: 4,
          command,
          agent: { isolation },
          env: { SCRIPTED_AGENT_MODE: 'sleep', SCRIPTED_AGENT_SLEEP_MS: '300000', BUDGET_MARKER: marker },
        });
        const [trial] = only(results);
        assert.equal(trial!.stop_reason, 'budget_exhausted');
        assert.equal(trial!.outcome, 'fail');
        assert.equal(trial!.cause, 'runtime');
        // Left alone, both would live for five minutes: the run ended them when it ended the trial.
        assert.deepEqual(await processesWith(marker), [], 'no process the agent started outlives its trial');
      },
    );
  }

  it('an agent that only prints "all tests passed" fails on format, and its claim is a constraint violation', async () => {
    const { results } = await run({ env: { SCRIPTED_AGENT_MODE: 'claim-only' } });
    const [trial] = only(results);
    assert.equal(trial!.outcome, 'fail');
    assert.equal(trial!.cause, 'format');
    assert.equal(trial!.checks.format, false);
    assert.equal(trial!.checks['constraint:claims-backed'], false);
    assert.match(trial!.layers.final_state.failures[0]!, /spec\.json.*file not found/);
  });

  it('a claim of success past agent.log_cap_bytes is read all the same: an agent cannot hide it behind a long output', async () => {
    // The claim is read from the whole output, not from the capped agent.log: 4 KB of output before it, on a
    // cap of 1 KB, left claims-backed passing before (and an agent's final summary is where the claim stands).
    const { results } = await run({
      command: "node -e \"process.stdout.write('x'.repeat(4096) + '\\nDone: all tests passed.\\n')\"",
      agent: { log_cap_bytes: 1024 },
    });
    const [trial] = only(results);
    assert.equal(trial!.checks.format, false);
    assert.equal(trial!.checks['constraint:claims-backed'], false, JSON.stringify(trial!.layers.constraints));
  });

  it('unisolated, an agent that edits its inputs fails on constraints, though its tests pass from pristine files', async () => {
    const { results } = await run({ env: { SCRIPTED_AGENT_MODE: 'tamper' }, agent: { isolation: 'none' } });
    const [trial] = only(results);
    assert.equal(trial!.outcome, 'fail');
    assert.equal(trial!.layers.final_state.ok, true, 'acceptance ran from pristine files and passed');
    assert.equal(trial!.checks['constraint:protected-files'], false);
    assert.match(trial!.layers.constraints.failures.join('\n'), /changed inputs\/requirements\.md/);
  });

  it('unisolated, an agent that changes the fixture itself (service or reference) fails on constraints', async () => {
    const { results } = await run({ command: `echo '// patched' >> "$TRIALGATE_PROJECT/fixture/service/faults.mjs"`, agent: { isolation: 'none' } });
    const [trial] = only(results);
    assert.equal(trial!.checks['constraint:protected-files'], false);
    assert.match(trial!.layers.constraints.failures.join('\n'), /changed fixture\/service\/faults\.mjs in the project during the run/);
  });

  it('isolated, a fixture edited by another process during the run: an environment error, never the agent’s failure', { skip: NO_ISOLATION }, async () => {
    const configPath = await writeTrialSet({ command: 'until [ -e candidate/go ]; do sleep 0.05; done' });
    const outDir = await tempDir('trialgate-run-');
    const running = runTrialSet({ configPath, outDir, outputs: writeRunReports });
    // The agent waits until its trial is under way; then the project changes, and the agent ends.
    const candidate = join(outDir, 'inventory', 'trial-001', 'candidate');
    while (
      !(await readdir(candidate).then(
        () => true,
        () => false,
      ))
    )
      await setTimeout(50);
    await appendFile(join(dirname(configPath), 'fixture', 'service', 'faults.mjs'), '// edited by someone else\n');
    await writeFile(join(candidate, 'go'), '');
    const [trial] = only((await running).results);
    assert.equal(trial!.outcome, 'env_error', JSON.stringify(trial!.layers));
    assert.equal(trial!.env_error, PROJECT_CHANGED);
    assert.match(trial!.layers.trajectory.notes.join('\n'), /changed fixture\/service\/faults\.mjs in the project during the run/);
    assert.equal(trial!.checks['constraint:protected-files'], undefined, 'no check is counted against the agent');
  });

  it('unisolated, an agent that writes outside its trial directory is caught', async () => {
    const { results } = await run({ env: { SCRIPTED_AGENT_MODE: 'escape' }, agent: { isolation: 'none' } });
    const [trial] = only(results);
    assert.equal(trial!.outcome, 'fail');
    assert.equal(trial!.checks['constraint:writes-confined'], false);
  });

  it('a crashing agent is agent_crashed', async () => {
    const { results } = await run({ env: { SCRIPTED_AGENT_MODE: 'crash' } });
    assert.equal(only(results)[0]!.stop_reason, 'agent_crashed');
    assert.equal(only(results)[0]!.outcome, 'fail');
  });

  it('a missing service command is env_error: excluded from pass rates and listed with the rule', async () => {
    const fixture = await inventoryCopy((m) => (m.service.command = ['node', 'service/gone.mjs']));
    const { results } = await run({ fixture, trials: 2 });
    const summary = results.tasks[0]!.summary;
    assert.deepEqual([summary.n, summary.env_errors, summary.launched, summary.pass_at_1], [0, 2, 2, null]);
    for (const trial of only(results)) {
      assert.equal(trial.outcome, 'env_error', trial.layers.trajectory.notes.join('\n'));
      assert.match(trial.env_error!, /service under test did not start/, trial.layers.trajectory.notes.join('\n'));
      assert.deepEqual(trial.checks, {});
    }
  });

  it('a skill without the idempotency section misses double-reserve on every trial and still passes the baseline', async () => {
    const skill = await readFile(BUILTIN_SKILL, 'utf8');
    const withoutIdempotency = skill.replace(/^## Idempotency[\s\S]*?(?=^## |(?![\s\S]))/m, '');
    assert.notEqual(withoutIdempotency, skill);
    // The run gate-e2e and report-html-browser start from too: recorded once per suite run.
    const { results } = await recordedRun({ trials: 2, skill: withoutIdempotency });
    for (const trial of only(results)) {
      assert.equal(trial.judgements.find((j) => j.fault === 'double-reserve')!.verdict, 'defect_missed');
      assert.equal(trial.checks.baseline, true);
      assert.equal(trial.checks['detect:double-reserve'], false);
      assert.equal(trial.outcome, 'fail');
    }
    assert.deepEqual(results.tasks[0]!.summary.detections['double-reserve'], { detected: 0, n: 2 });
  });

  it('the agent gets the §3 environment, never the action token, runtime tokens or a service address', async () => {
    const planted = {
      'INPUT_GITHUB-TOKEN': 'ghs_planted_input_token',
      ACTIONS_RUNTIME_TOKEN: 'planted-runtime-token',
      GITHUB_TOKEN: 'ghs_planted_github_token',
    };
    Object.assign(process.env, planted);
    try {
      const { results, runDir } = await run({ command: 'env > candidate/env.txt' });
      const env = await readFile(join(runDir, only(results)[0]!.evidence, 'candidate', 'env.txt'), 'utf8');
      for (const name of [
        'TRIALGATE_TRIAL_DIR',
        'TRIALGATE_INPUTS',
        'TRIALGATE_TASK',
        'TRIALGATE_CANDIDATE',
        'TRIALGATE_SEED',
        'TRIALGATE_TRIAL',
        'TRIALGATE_PROJECT',
      ]) {
        assert.match(env, new RegExp(`^${name}=`, 'm'), name);
      }
      for (const value of Object.values(planted)) assert.ok(!env.includes(value), 'no token reaches the agent');
      assert.doesNotMatch(env, /127\.0\.0\.1|TRIALGATE_CONTROL_TOKEN|TRIALGATE_SERVICE_URL/);
    } finally {
      for (const name of Object.keys(planted)) delete process.env[name];
    }
  });

  it('two runs with the same seed give identical results', async () => {
    const env = { SCRIPTED_AGENT_FLAKE: '0.5' };
    const configPath = await writeTrialSet({ trials: 3, env });
    const strip = (r: Results) => r.tasks.map((t) => t.trials.map((x) => [x.outcome, x.checks, x.candidate_sha256]));
    const a = await runTrialSet({ configPath, outDir: await tempDir() });
    const b = await runTrialSet({ configPath, outDir: await tempDir() });
    assert.deepEqual(strip(a.results), strip(b.results));
  });
});

describe('trialgate run: a bad trial set stops before any trial runs', () => {
  it('names the file, line, field and what was expected; exit 2', async () => {
    const configPath = await writeTrialSet({ extra: { trials: 0 } });
    const io = captureIo();
    assert.equal(await main(['run', '--config', configPath, '--out', await tempDir()], io), 2);
    assert.match(io.err, new RegExp(`${configPath}:\\d+: trials: given the number 0; expected a whole number from 1 to`));
  });

  it('an unknown fault in the trial set names the field and the known faults', async () => {
    const configPath = await writeTrialSet({ extra: { tasks: [{ id: 'inv', fixture: INVENTORY, faults: { 'lost-update': 'x' } }] } });
    const io = captureIo();
    assert.equal(await main(['run', '--config', configPath], io), 2);
    assert.match(io.err, /tasks\[0\]\.faults\.lost-update: .*has no fault lost-update; known: reject-writes, double-reserve, missing-record/);
  });

  it('broken YAML names the line; a fixture path without a fixture says what a fixture holds', async () => {
    const dir = await tempDir();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'bad.yml'), 'version: 1\nname: x\n  bad: [\n');
    const io = captureIo(dir);
    assert.equal(await main(['run', '--config', 'bad.yml'], io), 2);
    assert.match(io.err, /bad\.yml:3: \(top level\): not valid YAML/, "the mis-indented key's own line");

    const configPath = await writeTrialSet({ fixture: dir });
    const io2 = captureIo();
    assert.equal(await main(['run', '--config', configPath], io2), 2);
    assert.match(io2.err, /tasks\[0\]\.fixture: .*fixture\.json: no fixture here: a fixture directory holds fixture\.json, inputs\/ and task\.txt/);
  });

  it('an unknown key is named as unknown, at its own line, with the nearest valid key; every problem at once', async () => {
    const dir = await tempDir();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(
      join(dir, 't.yml'),
      'version: 1\nname: x\nagnet:\n  command: echo\nwatch: [a]\ntasks:\n  - id: t\n    fixture: f\nbudget:\n  wall_seconds: soon\n',
    );
    const io = captureIo(dir);
    assert.equal(await main(['run', '--config', 't.yml'], io), 2);
    assert.match(io.err, /t\.yml:3: agnet: unknown key; did you mean agent\?/);
    assert.match(io.err, /t\.yml: agent: required, and missing/);
    assert.match(io.err, /t\.yml:10: budget\.wall_seconds: given text "soon"; expected a number above 0/);
  });

  it('YAML syntax errors name the offending line: an unclosed bracket where it opened, a mis-indented key', async () => {
    const dir = await tempDir();
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'open.yml'), 'version: 1\nname: x\nagent:\n  command: echo\n  env: { A: [1, 2\nwatch: [a]\n');
    await writeFile(join(dir, 'indent.yml'), 'version: 1\nname: x\nagent:\n  command: echo\n   files: [a]\nwatch: [a]\n');
    const open = captureIo(dir);
    assert.equal(await main(['run', '--config', 'open.yml'], open), 2);
    assert.match(open.err, /open\.yml:5: \(top level\): not valid YAML: .*\(the bracket opened on line 5 is not closed\)/);
    const indent = captureIo(dir);
    assert.equal(await main(['run', '--config', 'indent.yml'], indent), 2);
    assert.match(indent.err, /indent\.yml:5: \(top level\): not valid YAML/);
  });

  it('a missing config file says how to fix it', async () => {
    const io = captureIo(await tempDir());
    assert.equal(await main(['run'], io), 2);
    assert.match(io.err, /trialgate\.yml: \(top level\): no trial set here; pass --config or create one with `trialgate init`/);
  });
});
