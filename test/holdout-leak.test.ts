// A holdout that holds, attacked through every output: a holdout task whose id, fault id, fault label, check
// ids, task text, inputs and evidence files all carry one marker string runs in a base run and in a gated
// head that loses its detection; every byte a command prints or writes (the terminal and log lines, report.md,
// the comment, report.html, junit.xml, the comparison as JSON, results.json and the run directories, the
// failure archive and its table, repair's output) is searched for the marker, case-insensitively. The gate
// still fails on the holdout regression, counted; and the sealed detail opened with the maintainers' key
// holds the marker everywhere it was planted, so the search cannot pass for want of anything to find.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { Results } from '../src/schemas/results.ts';
import { tempDir } from './support/fixtures.ts';
import {
  ageKey,
  devFixture,
  filesBelow,
  HELD_FAULT,
  HELD_ITEM,
  HELD_LABEL,
  HELD_TASK,
  HOLDOUT_KEY,
  JUDGE,
  leaks,
  markedFixture,
  MARKER,
  tasks,
} from './support/holdout.ts';
import { captureIo } from './support/io.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

it('no output of run, gate, compare, report, failures or repair names the holdout task; the gate fails on its regression, aggregated', async () => {
  process.env.TRIALGATE_HOLDOUT_KEY = HOLDOUT_KEY;
  const key = await ageKey();
  const held = await markedFixture();
  const dev = await devFixture();
  const skill = await readFile(BUILTIN_SKILL, 'utf8');
  const extra = { tasks: tasks(held, dev), judge: JUDGE, holdout: { recipients: [key.recipient] } };
  // k = 3 against one base run, two tasks at α = 0.04 (0.02 each): the lost detection is flagged after one
  // confirmation trial (the unconditional test, src/compare/unconditional.ts: 0.018 at 3 trials, 0.011 at 4, against ¾ of
  // 0.02; at the default α of 0.05 it is flagged in the first round, and the holdout's rounds would go unseen).
  const base = await writeTrialSet({ trials: 3, extra });
  const head = await writeTrialSet({ trials: 3, extra, skill: skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '') });
  const [baseOut, headOut, work] = [join(await tempDir(), 'base'), join(await tempDir(), 'head'), await tempDir('trialgate-outputs-')];
  const printed: [string, string][] = [];
  const cli = async (args: string[], expected: number | number[]) => {
    const io = captureIo(work);
    const code = await main(args, io);
    printed.push([`${args.slice(0, 2).join(' ')} stdout`, io.out], [`${args.slice(0, 2).join(' ')} stderr`, io.err]);
    assert.ok([expected].flat().includes(code), `${args.join(' ')}: exit ${code}: ${io.err}`);
    return io;
  };

  const run = await cli(['run', '--config', base, '--out', baseOut], 0);
  assert.match(run.err, /\[\d\/6\] a holdout task trial \d: pass/, 'a holdout trial’s progress line says only how it ended');
  assert.match(run.out, /\| holdout: 1 task \| holdout \| 3\/3 /, 'the terminal’s table has one row for the holdout tasks');

  const gate = await cli(['gate', '--config', head, '--out', headOut, '--base', join(baseOut, 'results.json'), '--alpha', '0.04'], 1);
  assert.match(gate.out, /Holdout tasks: \*\*\d+ regressions?\*\* \(task and check withheld; they count in the gate\)/);
  assert.match(gate.err, /trialgate gate: \d+ regressions? against the base branch/);
  const shown = Results.parse(JSON.parse(await readFile(join(headOut, 'results.json'), 'utf8')));
  const pseudonym = shown.tasks.find((t) => t.set === 'holdout')!;
  assert.match(pseudonym.id, /^holdout-[0-9a-f]{12}$/);
  assert.ok(pseudonym.trials.length > 3, 'the holdout task was confirmed: its rounds found it by its pseudonym');
  assert.ok(
    pseudonym.trials.every((t) => t.checks[`detect:${HELD_FAULT}`] === undefined && Object.keys(t.checks).some((c) => /^detect:[0-9a-f]{12}$/.test(c))),
    'its checks are named by pseudonym too',
  );

  const junit = await readFile(join(headOut, 'junit.xml'), 'utf8');
  const suite = /<testsuite name="holdout \(1 task, withheld\)" tests="(\d+)" failures="(\d+)"/.exec(junit);
  assert.ok(suite && Number(suite[2]) > 0 && Number(suite[1]) === pseudonym.trials.length, 'junit.xml: one suite of the holdout trials, its failures counted');
  assert.match(run.out, /holdout: tasks named with the configured holdout key; their detail is sealed in holdout\.tar\.gz\.age/);

  const baseResults = join(baseOut, 'results.json');
  const headResults = join(headOut, 'results.json');
  await cli(['compare', '--base', baseResults, '--head', headResults, '--out', join(work, 'compare.md'), '--html', join(work, 'compare.html')], 1);
  const json = JSON.parse((await cli(['compare', '--base', baseResults, '--head', headResults, '--format', 'json'], 1)).out);
  assert.equal(json.checks.regressed, 0, 'no dev check regressed');
  assert.ok(json.holdout.checks.regressed > 0 && json.regressions === json.holdout.checks.regressed, 'the gate fails on the holdout’s regressions alone');
  await cli(['report', headResults, '--out', join(work, 'report.md')], 0);
  const archive = join(work, 'trialgate.failures.json');
  await cli(['failures', baseOut, headOut, '--archive', archive], 0);
  const refused = await cli(['repair', join(headOut, pseudonym.id, 'trial-001')], 2);
  assert.match(refused.err, /is a holdout trial: its directory is sealed/);
  await cli(['repair', join(headOut, 'inventory', 'trial-001')], 0);
  const copy = join(headOut, 'inventory', 'trial-001', 'repair', 'candidate', 'cases.json');
  await writeFile(copy, JSON.stringify(JSON.parse(await readFile(copy, 'utf8'))));
  // Whether the repaired candidate passes is not the point: what repair prints and rewrites is searched.
  await cli(['repair', join(headOut, 'inventory', 'trial-001'), '--done', '--minutes', '1', '--config', head], [0, 1]);

  const found: string[] = printed.flatMap(([where, text]) => leaks(where, text));
  for (const dir of [baseOut, headOut, work]) for (const [file, bytes] of await filesBelow(dir)) found.push(...leaks(file, bytes));
  assert.deepEqual(found, [], 'nothing printed or written names the holdout task');

  // The maintainers' view: the sealed detail holds what was planted, under the task's own names.
  const opened = join(work, 'opened');
  await cli(['holdout', 'open', headOut, '--identity', key.identityFile, '--out', opened], 0);
  const detail = Results.parse(JSON.parse(await readFile(join(opened, 'results.json'), 'utf8')));
  const task = detail.tasks.find((t) => t.id === HELD_TASK)!;
  assert.ok(task, 'the sealed results name the task by its id');
  assert.deepEqual(task.faults.find((f) => f.id === HELD_FAULT)?.label, HELD_LABEL);
  assert.equal(task.trials[0]!.checks[`detect:${HELD_FAULT}`], false, 'the lost detection, by its own check id');
  assert.ok(task.trials[0]!.checks[`judge:${HELD_ITEM}`] !== undefined, 'the judge item, by its own id');
  const evidence = await filesBelow(join(opened, HELD_TASK));
  assert.ok(
    [...evidence.keys()].some((f) => f.endsWith(`reports/${HELD_FAULT}.json`)),
    'its evidence, by its own names',
  );
  assert.ok(
    [...evidence.values()].some((b) => b.includes(MARKER)),
    'and the planted text in its trials',
  );
  const roundDir = (await readdir(opened)).find((name) => /^confirmation-\d+-\d+$/.test(name));
  assert.ok(roundDir, 'the first confirmation round, named by the trials it ran');
  const round = await filesBelow(join(opened, roundDir));
  assert.ok(
    [...round.keys()].some((f) => f.includes(HELD_TASK)),
    'each confirmation round’s detail is opened beside the run’s',
  );
});
