import assert from 'node:assert/strict';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { runCompareCli } from '../src/cli/compare.ts';
import { runReportCli } from '../src/cli/report.ts';
import { Comparison } from '../src/schemas/comparison.ts';
import * as scenarios from './support/scenarios.ts';

const dir = await mkdtemp(join(tmpdir(), 'trialgate-cli-'));
const put = async (name: string, data: unknown) => {
  await writeFile(join(dir, name), typeof data === 'string' ? data : JSON.stringify(data));
  return name;
};

async function run(cli: typeof runCompareCli, argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await cli(argv, { stdout: (s) => (stdout += s), stderr: (s) => (stderr += s), cwd: dir });
  return { code, stdout, stderr };
}

const same = scenarios.noChange();
const regression = scenarios.idempotencyRegression();
await put('base.json', same.bases[0]);
await put('head.json', same.head);
await put('regressed-base.json', regression.bases[0]);
await put('regressed-head.json', regression.head);

test('exit 0 without a regression, with the markdown on stdout', async () => {
  const r = await run(runCompareCli, ['--base', 'base.json', '--head', 'head.json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /^<!-- trialgate:inventory-agent -->\n\n✅ \*\*no regressions\*\*/);
});

test('exit 1 with a regression; JSON output is the schema-validated comparison', async () => {
  const r = await run(runCompareCli, ['--base', 'regressed-base.json', '--head', 'regressed-head.json', '--format', 'json', '--policy', 'strict']);
  assert.equal(r.code, 1, r.stderr);
  const c = Comparison.parse(JSON.parse(r.stdout));
  assert.equal(c.schema, 'trialgate/comparison@4');
  assert.equal(c.regressions, 1);
});

test('--out writes the file instead of stdout; several --base pool', async () => {
  await put('base2.json', { ...same.bases[0], run: { ...same.bases[0]!.run, started_at: '2024-12-31T00:00:00Z' } });
  const r = await run(runCompareCli, ['--base', 'base.json', '--base', 'base2.json', '--head', 'head.json', '--out', 'comparison.md']);
  assert.equal(r.code, 0, r.stderr);
  assert.equal(r.stdout, '');
  assert.match(await readFile(join(dir, 'comparison.md'), 'utf8'), /Policy \*\*familywise\*\* \(default with 2 base runs\)/);
});

test('a run directory given for a results file stands for its results.json; a directory without one is named', async () => {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(join(dir, 'base-run'), { recursive: true });
  await writeFile(join(dir, 'base-run', 'results.json'), JSON.stringify(same.bases[0]));
  let r = await run(runCompareCli, ['--base', 'base-run', '--head', 'head.json']);
  assert.equal(r.code, 0, r.stderr);
  await mkdir(join(dir, 'empty-run'), { recursive: true });
  r = await run(runCompareCli, ['--base', 'empty-run', '--head', 'head.json']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /empty-run: \(top level\): is a directory without results\.json: pass a run directory/);
});

test('exit 2 naming the file for broken JSON, another schema string or another trial set', async () => {
  await put('broken.json', '{"schema": ');
  let r = await run(runCompareCli, ['--base', 'broken.json', '--head', 'head.json']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, new RegExp(`${join(dir, 'broken.json')}: \\(top level\\): not valid JSON`));

  await put('newer.json', { ...same.head, schema: 'trialgate/results@4' });
  r = await run(runCompareCli, ['--base', 'base.json', '--head', 'newer.json']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /newer\.json: schema: is "trialgate\/results@4", written by a newer trialgate/);

  await put('billing.json', { ...same.bases[0], trial_set: { name: 'billing-agent', sha256: 'x' } });
  r = await run(runCompareCli, ['--base', 'base.json', '--base', 'billing.json', '--head', 'head.json']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /billing\.json: trial_set\.name: is "billing-agent" but the head .*head\.json is "inventory-agent"/);
  assert.match(r.stdout, /⏸️ \*\*cannot compare — undecided\*\*/);
});

test('bad arguments exit 2 with a usage line naming the flag', async () => {
  const cases: [string[], RegExp][] = [
    [['--head', 'head.json'], /--base is required/],
    [['--base', 'base.json'], /--head is required/],
    [['--base', 'base.json', '--head', 'head.json', '--policy', 'lenient'], /--policy must be familywise or strict/],
    [['--base', 'base.json', '--head', 'head.json', '--policy', 'history'], /--policy history was replaced by familywise/],
    [['--base', 'base.json', '--head', 'head.json', '--policy', 'familywise', '--alpha', '2'], /--alpha must be a number between 0 and 1/],
    [['--base', 'base.json', '--head', 'head.json', '--policy', 'strict', '--alpha', '0.05'], /--alpha applies to the familywise policy/],
    [['--base', 'base.json', '--head', 'head.json', '--confirm-trials', 'x'], /--confirm-trials must be the whole number/],
    [['--base', 'base.json', '--head', 'head.json', '--format', 'html'], /--format must be markdown or json/],
    [['--base', 'base.json', '--head', 'head.json', '--verbose'], /unknown option --verbose; see trialgate compare --help/],
  ];
  for (const [argv, message] of cases) {
    const r = await run(runCompareCli, argv);
    assert.equal(r.code, 2, argv.join(' '));
    assert.match(r.stderr, message);
    assert.match(r.stderr, /usage: trialgate compare --base/);
  }
});

test('an unwritable --out exits 2 naming the path', async () => {
  const r = await run(runCompareCli, ['--base', 'base.json', '--head', 'head.json', '--out', 'missing-dir/out.md']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /missing-dir\/out\.md: --out: cannot write \(ENOENT\)/);
});

test('report renders one run; bad input exits 2', async () => {
  let r = await run(runReportCli, ['head.json']);
  assert.equal(r.code, 0, r.stderr);
  assert.match(r.stdout, /📋 \*\*15\/15 executed trials passed\*\*/);
  r = await run(runReportCli, ['broken.json']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /broken\.json/);
  r = await run(runReportCli, []);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /usage: trialgate report RESULTS\.json/);
});

test('duplicate task ids in a base file and figures too large to pool exit 2 with one line, never 1', async () => {
  const twice = { ...regression.bases[0]!, tasks: [...regression.bases[0]!.tasks, regression.bases[0]!.tasks[0]!] };
  await put('twice.json', twice);
  let r = await run(runCompareCli, ['--base', 'twice.json', '--head', 'regressed-head.json', '--format', 'json']);
  assert.equal(r.code, 2);
  assert.match(r.stderr, /twice\.json: tasks\[3\]\.id: task id "inventory-reserve" appears twice/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
  const huge = { ...same.bases[0]!, tasks: same.bases[0]!.tasks.map((t) => ({ ...t, summary: { ...t.summary, tokens: 1e308 } })) };
  await put('huge.json', huge);
  r = await run(runCompareCli, ['--base', 'huge.json', '--base', 'huge.json', '--head', 'head.json', '--format', 'json']);
  assert.equal(r.code, 2, r.stderr);
  assert.match(r.stderr, /huge\.json: tasks\[0\]\.summary\.tokens: expected a sum of bounded figures/);
  assert.equal(r.stderr.trim().split('\n').length, 1);
});

test('a head extended by confirmation is read under the plan it ran under: the default, or --confirm-trials', async () => {
  const extended = { ...same.head, tasks: same.head.tasks.map((t) => ({ ...t, trials: [...t.trials, { ...t.trials[0]!, trial: 6 }] })) };
  await put('extended.json', extended);
  let r = await run(runCompareCli, ['--base', 'base.json', '--head', 'extended.json', '--confirm-trials', '0']);
  assert.equal(r.code, 2);
  assert.match(
    r.stderr,
    /extended\.json: tasks\[0\]\.trials: holds trial 6, beyond the plan \(its last look is 5 executed trials\): pass the confirm-trials the head ran under/,
  );
  r = await run(runCompareCli, ['--base', 'base.json', '--head', 'extended.json', '--confirm-trials', '40']);
  assert.equal(r.code, 0, r.stderr);
  r = await run(runCompareCli, ['--base', 'base.json', '--head', 'extended.json']);
  assert.equal(r.code, 0, r.stderr);
});

test('a results file not there says what writes one', async () => {
  const missing = await run(runCompareCli, ['--base', 'base.json', '--head', 'no-such-run/results.json']);
  assert.equal(missing.code, 2);
  assert.match(
    missing.stderr,
    /no-such-run\/results\.json: \(top level\): no such file: a run writes its results\.json in its run directory \(trialgate run --out DIR/,
  );
});

test('several --base are pooled under the first one’s ruler, as the gate pools them: a run measured otherwise is left out, and the output says so', async () => {
  // The newest base run (the first --base) always caught double-reserve; older runs under a lenient acceptor
  // never did. Pooled, they would halve the detection the current ruler makes, and the head's loss of it pass.
  const ruler = { 'agent.isolation': 'auto', 'tasks.inventory-reserve.acceptance.settings': '{"env":{"STRICT":"1"}}' };
  await put('ruled-base.json', { ...regression.bases[0], measurement: ruler });
  const lenient = { ...ruler, 'tasks.inventory-reserve.acceptance.settings': 'none' };
  const older = scenarios.improvement().bases[0]!;
  for (const day of [1, 2, 3]) {
    await put(`lenient-${day}.json`, { ...older, run: { ...older.run, started_at: `2024-12-0${day}T00:00:00Z` }, measurement: lenient });
  }
  const bases = ['ruled-base.json', 'lenient-1.json', 'lenient-2.json', 'lenient-3.json'].flatMap((b) => ['--base', b]);
  const r = await run(runCompareCli, [...bases, '--head', 'regressed-head.json', '--format', 'json', '--policy', 'strict']);
  assert.equal(r.code, 1, r.stderr);
  assert.equal(Comparison.parse(JSON.parse(r.stdout)).regressions, 1);
  const md = await run(runCompareCli, [...bases, '--head', 'regressed-head.json', '--policy', 'strict']);
  assert.match(
    md.stdout,
    /1 task \(inventory-reserve\) not pooled: measured with another ruler than the newest base run \(tasks\.inventory-reserve\.acceptance\.settings\)/,
  );
});
