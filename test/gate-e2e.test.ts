// The motivating case end to end, on real runs: a skill edit that loses the idempotency section keeps
// the baseline green and every other detection, yet the gate names the lost detection and fails.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { elements, hasClass, parseDocument, textOf } from './support/html.ts';
import { captureIo } from './support/io.ts';
import { tempDir } from './support/fixtures.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

it('run base and head, compare: "lost detection: double-reserve" regresses and the gate fails', async () => {
  const skill = await readFile(BUILTIN_SKILL, 'utf8');
  const base = await writeTrialSet({ trials: 2 });
  const head = await writeTrialSet({ trials: 2, skill: skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '') });
  const [baseOut, headOut] = [await tempDir(), await tempDir()];

  const runIo = captureIo();
  assert.equal(await main(['run', '--config', base, '--out', baseOut], runIo), 0);
  assert.match(runIo.out, /results: .*results\.json/);
  assert.match(runIo.err, /\[2\/2\] inventory trial \d: pass/);
  assert.equal(await main(['run', '--config', head, '--out', headOut], captureIo()), 0);

  const io = captureIo();
  const html = join(headOut, 'compare.html');
  const code = await main(['compare', '--base', join(baseOut, 'results.json'), '--head', join(headOut, 'results.json'), '--html', html], io);
  assert.equal(code, 1, io.err);
  assert.match(io.out, /^<!-- trialgate:test-set -->/);
  assert.match(io.out, /lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 2\/2 \| 0\/2 \|/);
  assert.doesNotMatch(io.out, /lost detection: (reject-writes|missing-record)/);

  // report.html of the compare: the regressed cell, and the lost case in the diff against the base candidate.
  const doc = parseDocument(await readFile(html, 'utf8'));
  const regressed = elements(doc).filter((el) => el.tagName === 'td' && hasClass(el, 'cell') && hasClass(el, 's-regressed'));
  assert.deepEqual(regressed.map(textOf), ['2/2 → 0/2', '2/2 → 0/2'], 'trial pass and the double-reserve detection');
  const removed = elements(doc).filter((el) => hasClass(el, 'd-del')).map(textOf);
  assert.ok(removed.some((line) => line.includes('"id": "idempotent-repeat"')), 'the diff shows the lost idempotency case');
  assert.ok(textOf(parseDocument(await readFile(join(headOut, 'report.html'), 'utf8'))).includes('0/2 executed trials passed'), 'run wrote report.html');

  const json = captureIo();
  assert.equal(await main(['compare', '--base', join(baseOut, 'results.json'), '--head', join(baseOut, 'results.json'), '--format', 'json'], json), 0);
  assert.equal(JSON.parse(json.out).schema, 'trialgate/comparison@2');
});
