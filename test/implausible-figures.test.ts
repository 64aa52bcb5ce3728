// Nothing an agent or a judge reports can stop a run's files from being written: figures from outside
// (an agent's evidence/usage.json, a judge endpoint's usage) are bounded where they enter, with a note on
// the trial, and never summed into Infinity (which would fail results.json's schema and end the run).
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { readResultsFile } from '../src/results/read.ts';
import { Results } from '../src/schemas/results.ts';
import { MAX_TOKENS } from '../src/util/plausible.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { flawedJudges } from './support/judges.ts';
import { SCRIPTED_AGENT, writeTrialSet } from './support/trialset.ts';
import { parse } from 'yaml';

process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-figures-'));
const flawed = flawedJudges();

/** The scripted agent, then a usage report of its own making. */
const reporting = (usage: string) => `${SCRIPTED_AGENT} && printf '%s' '${usage}' > "$TRIALGATE_TRIAL_DIR/evidence/usage.json"`;

async function runCli(config: string): Promise<{ out: string; code: number; err: string; results: Results }> {
  const out = join(await tempDir(), 'run');
  const io = captureIo();
  const code = await main(['run', '--config', config, '--out', out], io);
  for (const file of ['results.json', 'report.md', 'junit.xml', 'report.html']) assert.ok(await stat(join(out, file)), `${file} was written (${io.err})`);
  return { out, code, err: io.err, results: await readResultsFile(join(out, 'results.json')) };
}

describe('an agent reporting absurd usage', () => {
  it('1.7e308 of every figure in two trials: every file is written, each figure counts as its bound, and the budget still applies', async () => {
    const huge = '{"input_tokens":1.7e308,"output_tokens":1.7e308,"total_tokens":1.7e308,"cost_usd":1.7e308}';
    const config = await writeTrialSet({ trials: 2, command: reporting(huge), extra: { budget: { wall_seconds: 30, max_tokens: 100000 } } });
    const { code, results, err } = await runCli(config);
    assert.equal(code, 0, err);
    const task = results.tasks[0]!;
    for (const trial of task.trials) {
      assert.equal(trial.usage?.total_tokens, MAX_TOKENS);
      assert.ok(Number.isFinite(trial.usage!.cost_usd!));
      assert.match(trial.layers.trajectory.notes.join('\n'), /evidence\/usage\.json: total_tokens reported 1\.700e\+308, past any plausible figure/);
      // Bounded is not forgiven: the claim is still far past the trial's token budget.
      assert.equal(trial.stop_reason, 'budget_exhausted');
      assert.equal(trial.outcome, 'fail');
    }
    assert.equal(task.summary.tokens, 2 * MAX_TOKENS);
    assert.ok(Number.isFinite(task.summary.cost_usd!));
  });

  it('figures that are not usage (negative, text) are refused with a note naming the field, and count as no usage', async () => {
    const config = await writeTrialSet({ trials: 1, command: reporting('{"input_tokens":-5,"output_tokens":"lots"}') });
    const { code, results } = await runCli(config);
    assert.equal(code, 0);
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.usage, undefined);
    assert.match(trial.layers.trajectory.notes.join('\n'), /evidence\/usage\.json: input_tokens: .*expected figures ≥ 0.*no usage counted/);
    assert.equal(trial.outcome, 'pass');
  });

  it('a results file that carries such a figure is refused where it is read, naming the field', async () => {
    const config = await writeTrialSet({ trials: 1 });
    const { out } = await runCli(config);
    const data = JSON.parse(await readFile(join(out, 'results.json'), 'utf8'));
    data.tasks[0].trials[0].usage = { total_tokens: 1.7e308 };
    const tampered = join(out, 'tampered.json');
    await writeFile(tampered, JSON.stringify(data));
    await assert.rejects(readResultsFile(tampered), /tampered\.json.*tasks\[0\]\.trials\[0\]\.usage\.total_tokens/);
  });
});

describe('a judge endpoint reporting absurd usage', () => {
  it('1.7e308 prompt and completion tokens on every call: the run writes its files, each call counts as the bound, with a note', async () => {
    const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8')) as { tasks: { judge: { items: unknown[] } }[] };
    const j = await flawed('huge-usage');
    const config = await writeTrialSet({
      trials: 2,
      extra: {
        judge: { model: 'greedy', base_url: j.url, price: { input_usd_per_mtok: 1, output_usd_per_mtok: 1 } },
        tasks: [{ id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases', judge: { items: repo.tasks[0]!.judge.items } }],
      },
    });
    const { code, results, err } = await runCli(config);
    assert.equal(code, 0, err);
    const task = results.tasks[0]!;
    for (const trial of task.trials) {
      for (const record of trial.judge!) {
        assert.equal(record.input_tokens, MAX_TOKENS);
        assert.match(record.note!, /prompt_tokens reported 1\.700e\+308/);
      }
      assert.match(trial.layers.trajectory.notes.join('\n'), /judge: covers-idempotency: the judge endpoint: prompt_tokens reported/);
    }
    assert.ok(Number.isFinite(task.summary.judge!.tokens));
    assert.ok(Number.isFinite(task.summary.judge!.cost_usd!));
  });
});

describe('a committed repair claiming absurd minutes', () => {
  it('two trials meeting a repair of 1.7e308 minutes: the run writes its files; the repair is refused, naming the field', async () => {
    const skill = (await readFile(join(ROOT, 'fixtures', 'inventory', 'agent', 'skills', 'inventory-testing.md'), 'utf8')).replace(
      /^## Idempotency[\s\S]*?(?=^## |(?![\s\S]))/m,
      '',
    );
    const config = await writeTrialSet({ trials: 2, skill });
    const first = await runCli(config);
    const sha = first.results.tasks[0]!.trials[0]!.candidate_sha256!;
    const repairs = join(config, '..', 'repairs', 'inventory');
    await mkdir(repairs, { recursive: true });
    await writeFile(join(repairs, `${sha}.diff`), '');
    await writeFile(join(repairs, `${sha}.json`), JSON.stringify({ minutes: 1.7e308, patch_lines: 1, patch_files: 1 }));
    const { code, results, err } = await runCli(config);
    assert.equal(code, 0, err);
    for (const trial of results.tasks[0]!.trials) {
      assert.equal(trial.repair?.outcome, 'fail');
      assert.match(trial.repair!.failures.join('\n'), /repairs\/inventory\/[0-9a-f]{64}\.json.*minutes/);
    }
    assert.ok(Number.isFinite(results.tasks[0]!.summary.repaired!.minutes));
  });
});

describe('an agent flooding its trial with findings', () => {
  it('10,000 links in candidate/ and 10,000 forged evidence files: every file is written, each check fails naming the first and counting the rest', async () => {
    const flood = `node -e "const fs=require('fs'),p=require('path');const c=p.join(process.env.TRIALGATE_CANDIDATE,'flood'),e=p.join(process.env.TRIALGATE_TRIAL_DIR,'evidence','flood');fs.mkdirSync(c);fs.mkdirSync(e);for(let i=0;i<10000;i++){fs.symlinkSync('/etc/hostname',p.join(c,'l'+i));fs.writeFileSync(p.join(e,'f'+i),'')}"`;
    const config = await writeTrialSet({ trials: 1, command: `${SCRIPTED_AGENT} && ${flood}`, wallSeconds: 120 });
    const { out, code, err, results } = await runCli(config);
    assert.equal(code, 0, err);
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'fail');
    assert.equal(trial.checks['constraint:no-links'], false);
    assert.equal(trial.checks['constraint:evidence-untouched'], false);
    const failures = trial.layers.constraints.failures;
    assert.ok(failures.length <= 50, `${failures.length} constraint lines in results.json`);
    assert.match(failures.join('\n'), /candidate\/flood\/l\d+ is a symbolic link/);
    assert.match(failures.join('\n'), /… and 9980 more of the same check \(10000 in all\)/);
    assert.match(trial.layers.trajectory.notes.join('\n'), /removed 10000 links or special files the agent left: .* and 9990 more$/m);
    assert.ok((await stat(join(out, 'results.json'))).size < 200_000, 'results.json stays the size of a trial');
  });
});
