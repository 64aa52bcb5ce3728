// `trialgate gate` typed at a terminal: the verdict and where the comment was written, in a few lines, not the
// whole PR comment; a pipe or a file still gets the comment (as the CI examples and the parity test read it),
// and --format asks for the comment or the comparison as JSON wherever stdout goes.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { captureIo } from './support/io.ts';
import { tempDir } from './support/fixtures.ts';
import { recordedRun } from './support/recorded-runs.ts';

it('at a terminal stdout gets no comment: the verdict and the comment’s path are the lines printed; --format json prints the comparison', async () => {
  // The head is the base's own trial set: nothing changed, so the gate passes at its first round.
  const { config, resultsPath } = await recordedRun({ trials: 2 });
  const out = join(await tempDir(), 'head');
  const terminal = Object.assign(captureIo(), { stdoutIsTTY: true });
  assert.equal(await main(['gate', '--config', config, '--out', out, '--base', resultsPath], terminal), 0, terminal.err);
  assert.equal(terminal.out, '', 'no comment on a terminal');
  assert.match(terminal.err, /\nresults: .*head\/results\.json · comment: .*head\/report\.md · evidence: .*head\/report\.html\n/);
  assert.match(terminal.err, /\ntrialgate gate: pass: no regressions; 1 task compared\n$/);
  assert.match(await readFile(join(out, 'report.md'), 'utf8'), /^<!-- trialgate:test-set -->/, 'the comment is written where the lines say');

  const json = Object.assign(captureIo(), { stdoutIsTTY: true });
  const again = join(await tempDir(), 'head');
  assert.equal(await main(['gate', '--config', config, '--out', again, '--base', resultsPath, '--format', 'json'], json), 0, json.err);
  const comparison = JSON.parse(json.out) as { verdict: string };
  assert.equal(comparison.verdict, 'pass');
});
