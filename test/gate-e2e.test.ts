// The motivating case end to end, on real runs: a skill edit that loses the idempotency section keeps
// the baseline green and every other detection, yet `trialgate gate` confirms the lost detection, names it
// and fails; `trialgate compare` of the confirmed head agrees, and a head without its confirmation is undecided.
import assert from 'node:assert/strict';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { Results } from '../src/schemas/results.ts';
import { elements, hasClass, parseDocument, textOf } from './support/html.ts';
import { captureIo } from './support/io.ts';
import { tempDir } from './support/fixtures.ts';
import { recordedRun } from './support/recorded-runs.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

it('run the base, gate the head: "lost detection: double-reserve" is confirmed, regresses and the gate fails', async () => {
  const skill = await readFile(BUILTIN_SKILL, 'utf8');
  const withoutIdempotency = { trials: 2, skill: skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '') };
  const head = await writeTrialSet(withoutIdempotency);
  const headOut = await tempDir();

  // The base run, recorded once for the suite (exit 0 and what it printed kept).
  const { runDir: baseOut, ...runIo } = await recordedRun({ trials: 2 });
  assert.match(runIo.out, /results: .*results\.json/);
  assert.match(runIo.err, /\[2\/2\] inventory trial \d: pass/);

  const io = captureIo();
  const code = await main(['gate', '--config', head, '--out', headOut, '--base', join(baseOut, 'results.json')], io);
  assert.equal(code, 1, io.err);
  assert.match(io.out, /^<!-- trialgate:test-set -->/);
  // One base run of 2, one task: its trial pass carries α = 0.05; given that the base succeeded at all, a total
  // loss of n head trials is, by the unconditional test against so small a base (src/compare/unconditional.ts), at the
  // worst rate r of r(1 − r)ⁿ / (2 − r): ¾ of α first at 5 trials (0.037), 2.5× a fixed k (Fisher's 1 / (2n + 1)
  // needed 10). A lone task's plan screens one trial after the first round and at 2k (a flaky task mostly leaves early; a loss goes on).
  assert.match(
    io.err,
    /confirm: 1 more trial of 1 task \(to trial 3\)\n[^]*confirm: 1 more trial of 1 task \(to trial 4\)\n[^]*confirm: 1 more trial of 1 task \(to trial 5\)/,
  );
  assert.match(io.out, /lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 2\/2 \| 0\/5 \|/);
  assert.doesNotMatch(io.out, /lost detection: (reject-writes|missing-record)/);
  assert.match(io.out, /\*\*Confirmation:\*\* 3 extra head trials \(5 run against 2 at a fixed k: 2\.50×\) for 1 task that their first round did not decide/);
  assert.match(io.err, /trialgate gate: 1 regression \(2 checks lost\) against the base branch/);
  assert.equal(await readFile(join(headOut, 'report.md'), 'utf8'), io.out, 'the comment is the run directory’s report.md');
  const results = Results.parse(JSON.parse(await readFile(join(headOut, 'results.json'), 'utf8')));
  assert.equal(results.tasks[0]!.trials.length, 5, 'results.json holds every round');
  // The reports are written once, of the whole head, when the comparison is known: not per round.
  assert.equal((await readFile(join(headOut, 'junit.xml'), 'utf8')).match(/<testcase /g)!.length, 5, 'junit.xml holds every round');
  assert.match(textOf(parseDocument(await readFile(join(headOut, 'report.html'), 'utf8'))), /1 regression \(2 checks lost\)/);
  assert.deepEqual((await readdir(join(headOut, 'confirmation-5-5'))).sort(), ['inventory', 'results.json'], 'a round leaves its trials and results.json only');

  // compare of the confirmed head gives the same verdict; report.html of it shows the regressed cells and the diff.
  const again = captureIo();
  const html = join(headOut, 'compare.html');
  assert.equal(await main(['compare', '--base', join(baseOut, 'results.json'), '--head', join(headOut, 'results.json'), '--html', html], again), 1, again.err);
  const doc = parseDocument(await readFile(html, 'utf8'));
  const regressed = elements(doc).filter((el) => el.tagName === 'td' && hasClass(el, 'cell') && hasClass(el, 's-regressed'));
  assert.deepEqual(regressed.map(textOf), ['2/2 → 0/5'], 'the double-reserve detection (the trial pass is the trials passed column, not a check column)');
  const removed = elements(doc)
    .filter((el) => hasClass(el, 'd-del'))
    .map(textOf);
  assert.ok(
    removed.some((line) => line.includes('"id": "idempotent-repeat"')),
    'the diff shows the lost idempotency case',
  );

  // The same head without its confirmation (a plain run, recorded once for the suite): compare cannot decide, and says what would.
  const { runDir: plainOut } = await recordedRun(withoutIdempotency);
  const plain = captureIo();
  assert.equal(await main(['compare', '--base', join(baseOut, 'results.json'), '--head', join(plainOut, 'results.json')], plain), 3, plain.err);
  assert.match(plain.out, /⏸️ \*\*undecided — confirm\*\* — [^\n]*the check fails until the confirmation rounds run/);
  assert.match(plain.out, /its head needs the confirmation trials it does not have .* run `trialgate gate`/);

  const json = captureIo();
  assert.equal(await main(['compare', '--base', join(baseOut, 'results.json'), '--head', join(baseOut, 'results.json'), '--format', 'json'], json), 0);
  assert.equal(JSON.parse(json.out).schema, 'trialgate/comparison@4');
});
