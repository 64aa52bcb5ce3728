// A command line that helps: help for every command, the version, unknown options named with the nearest
// valid one, and setup mistakes told apart from verdicts (environment errors, exit 2, the log's tail).
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import type { Results } from '../src/schemas/results.ts';
import { TOOL_VERSION } from '../src/version.ts';
import { inventoryCopy, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { writeTrialSet } from './support/trialset.ts';

const COMMANDS = ['init', 'demo', 'validate', 'run', 'compare', 'gate', 'report', 'judge', 'failures', 'repair'];

describe('help and version', () => {
  it('--help and -h on every command print its usage and every option, exit 0', async () => {
    for (const command of COMMANDS) {
      for (const flag of ['--help', '-h']) {
        const io = captureIo();
        assert.equal(await main([command, flag], io), 0, `${command} ${flag}`);
        assert.match(io.out, new RegExp(`usage: trialgate ${command}`));
        assert.match(io.out, /^exit: /m);
      }
    }
    const run = captureIo();
    await main(['run', '--help'], run);
    for (const option of ['--config', '--out', '--trials', '--task', '--concurrency', '--seed', '--isolation']) assert.ok(run.out.includes(option), option);
  });

  it('the top-level help lists every command with its options; --version prints the version', async () => {
    const io = captureIo();
    assert.equal(await main(['--help'], io), 0);
    for (const command of COMMANDS) assert.match(io.out, new RegExp(`^ {2}${command}\\b`, 'm'));
    assert.match(io.out, /run \[--config trialgate\.yml\] \[--out DIR\]/);
    for (const flag of ['--version', '-v']) {
      const v = captureIo();
      assert.equal(await main([flag], v), 0);
      assert.equal(v.out, `trialgate ${TOOL_VERSION}\n`);
    }
    const none = captureIo();
    assert.equal(await main([], none), 2, 'no command is a usage error, with the help');
    assert.match(none.out, /usage: trialgate <command>/);
  });

  it('an unknown option is named with the nearest valid one', async () => {
    const io = captureIo();
    assert.equal(await main(['run', '--trails', '3'], io), 2);
    assert.match(io.err, /unknown option --trails \(did you mean --trials\?\)/);
  });
});

describe('setup mistakes are environment errors, never verdicts', () => {
  it('an agent command that is not found: found before the first trial, every trial is an env_error, run exits 2 and shows why', async () => {
    const configPath = await writeTrialSet({ command: 'nosuch-agent --go', trials: 2 });
    const io = captureIo(dirname(configPath));
    assert.equal(await main(['run', '--out', join(await tempDir(), 'run')], io), 2);
    assert.match(io.err, /no trial could execute/);
    assert.match(io.err, /the agent command runs nosuch-agent, which the agent cannot find on its PATH \(.*\): install it system-wide/);
    assert.match(io.out, /\| inventory \| dev \| 0\/0 /, 'nothing is scored');
  });

  it('an agent script that does not exist is named', async () => {
    const configPath = await writeTrialSet({ command: 'node "$TRIALGATE_PROJECT/fixture/agent/scripted-agnet.mjs"' });
    const io = captureIo(dirname(configPath));
    assert.equal(await main(['run', '--out', join(await tempDir(), 'run')], io), 2);
    assert.match(io.err, /the agent command names .*scripted-agnet\.mjs, which does not exist/);
    assert.doesNotMatch(io.err, /agent log \(last lines\)/, 'no agent ran: there is no log to show');
  });

  it('a misspelt --task is named as the option, with the task meant, before anything runs', async () => {
    const configPath = await writeTrialSet();
    const io = captureIo(dirname(configPath));
    const out = join(await tempDir(), 'run');
    assert.equal(await main(['run', '--task', 'inventroy', '--out', out], io), 2);
    assert.match(io.err, /--task inventroy: no such task in .*trialgate\.yml: did you mean inventory\? \(tasks: inventory\)/);
  });

  it('a pass_env variable that is not set is named', async () => {
    const configPath = await writeTrialSet({ agent: { pass_env: ['TRIALGATE_TEST_UNSET_KEY'] } });
    const io = captureIo(dirname(configPath));
    assert.equal(await main(['run', '--out', join(await tempDir(), 'run')], io), 2);
    assert.match(io.err, /agent\.pass_env names TRIALGATE_TEST_UNSET_KEY, which is not set in the environment/);
  });

  it('an acceptor script missing from the fixture is an environment error', async () => {
    const fixture = await inventoryCopy();
    const configPath = await writeTrialSet({
      command: 'true',
      extra: { tasks: [{ id: 'own', fixture, acceptance: { kind: 'command', command: 'node acceptance/missing.mjs' } }] },
    });
    const io = captureIo(dirname(configPath));
    assert.equal(await main(['run', '--out', join(await tempDir(), 'run')], io), 2);
    assert.match(
      io.err,
      /own: the acceptor failed on the reference answers before any trial: the acceptance command names acceptance\/missing\.mjs, which is not in the fixture/,
    );
    assert.match(io.err, /\n  fix: /);
  });

  it('judge needs --fixture for a fault the built-in fixture does not know', async () => {
    const dir = await tempDir();
    const report = {
      fault: 'accepts-zero',
      planned: 1,
      executed: 1,
      complete: true,
      blocked: false,
      records: [{ test: 't', status: 'failed' }],
      candidate_sha256: '',
      variant_sha256: '',
      fixture_sha256: '',
      started_at: '',
    };
    await writeFile(join(dir, 'r.json'), JSON.stringify(report));
    const io = captureIo(dir);
    assert.equal(await main(['judge', 'r.json'], io), 2);
    assert.match(io.err, /accepts-zero is not a built-in inventory fault: pass --fixture DIR/);
  });
});

describe('the run summary', () => {
  it('says "1 task", shows tokens and cost only when usage was reported, and one line when unisolated', async () => {
    const { renderText, REPORTERS } = await import('../src/report/reporters.ts');
    const { present, wholeRun } = await import('../src/report/view.ts');
    const { buildResults } = await import('./support/results-builder.ts');
    const renderRunSummary = (results: Results) => renderText(REPORTERS.terminal, present({ ...wholeRun(results), runDir: '.' }));
    const quiet = buildResults({ tasks: [{ id: 'inv', checks: { pass: '11' } }] });
    const text = await renderRunSummary(quiet);
    assert.match(text, /: 1 task × k=2/);
    assert.doesNotMatch(text, /tokens/);
    const spending = buildResults({ tasks: [{ id: 'inv', checks: { pass: '11' }, tokens: 7400, cost_usd: 0.0123 }] });
    assert.match(await renderRunSummary(spending), /\| tokens \| cost +\|[\s\S]*\| 7400 +\| \$0\.0123 \|/);
    const unisolated = { ...quiet, run: { ...quiet.run, isolation: { mechanism: 'none' as const, reason: 'bubblewrap is not installed' } } };
    assert.match(await renderRunSummary(unisolated), /⚠️ Isolation: none \(bubblewrap is not installed\)/);
  });

  it('lists env errors once per task and rule, with the trials it held', async () => {
    const { renderText, REPORTERS } = await import('../src/report/reporters.ts');
    const { present, wholeRun } = await import('../src/report/view.ts');
    const { buildResults } = await import('./support/results-builder.ts');
    const rule = 'the agent could not be started (a setup mistake, not a verdict on the agent): fix the trial set and run again';
    const results = buildResults({
      tasks: [
        { id: 'tally', checks: { pass: '000' }, outcomes: 'eee', envRule: rule },
        { id: 'split', checks: { pass: '1111' }, outcomes: '.d.d', envRule: 'the model server is down' },
      ],
    });
    const text = await renderText(REPORTERS.terminal, present({ ...wholeRun(results), runDir: '.' }));
    const listed = text.slice(text.indexOf('env errors (excluded from pass rates):')).split('\n').slice(1, 4);
    assert.deepEqual(listed, [`  - tally trials 1, 2, 3: ${rule}`, '  - split trials 2, 4: the model server is down (declared by the agent)', '']);
  });
});
