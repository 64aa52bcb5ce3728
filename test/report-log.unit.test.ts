// Where a reader of a CI log or the Checks tab looks: the regressions in plain lines, the annotation naming
// task and check; and the reporters each on their own, one failing saying so without stopping the others.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { failureAnnotation, regressionLog } from '../src/report/log.ts';
import type { Reporter } from '../src/report/reporter.ts';
import { writeReports } from '../src/report/reporters.ts';
import { present, wholeRun, type RunView } from '../src/report/view.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { tempDir } from './support/fixtures.ts';
import * as scenarios from './support/scenarios.ts';

const FIXED_K = { confirmTrials: 0 } as const;

test('the log names each regression by task and what it lost, the changed file and the command that reproduces it', () => {
  const { bases, head } = scenarios.idempotencyRegression();
  const view = present({
    head,
    comparison: compareResults(bases, head, FIXED_K),
    changed: { matched: ['skills/reserve.md'], tasks: [{ id: 'inventory-reserve', rerun: true, why: 'skills/reserve.md changed (watch)' }] },
    config: 'evals/trialgate.yml',
  });
  const log = regressionLog(view, 'gate').join('\n');
  assert.match(
    log,
    /^1 regression:\n1\. inventory-reserve no longer catches the defect double-reserve — duplicate request reserves twice \(idempotency\), in 5 of 5 trials\./,
  );
  assert.match(log, /^Changed: skills\/reserve\.md$/m);
  assert.match(log, /^Reproduce: npx trialgate run --config evals\/trialgate\.yml --task inventory-reserve$/m);
  assert.match(log, /^Evidence: report\.html#t-0 \(inventory-reserve\) in gate$/m);
  assert.doesNotMatch(log, /\*\*|`/, 'plain text, no markdown');
  const annotation = failureAnnotation(view, '1 regression against the base branch (see the comment or job summary)');
  assert.equal(
    annotation,
    '1 regression against the base branch: inventory-reserve no longer catches the defect double-reserve — duplicate request reserves twice (idempotency), in 5 of 5 trials. The comment (or job summary) has the evidence.',
  );
});

test('without a regression the log says nothing and the annotation keeps the gate’s words', () => {
  const { bases, head } = scenarios.noChange();
  const view = present({ head, comparison: compareResults(bases, head, FIXED_K) });
  assert.deepEqual(regressionLog(view, 'gate'), []);
  assert.equal(failureAnnotation(view, 'undecided, not a regression (rerun): x'), 'undecided, not a regression (rerun): x');
});

test('a reporter that throws does not stop the others; its file says so, and so does what writeReports returns', async () => {
  const { bases, head } = scenarios.noChange();
  const runDir = await tempDir();
  const view: RunView = present({ ...wholeRun(head), comparison: compareResults(bases, head, FIXED_K), runDir });
  const good = (file: string): Reporter<RunView> => ({ file, render: () => [`${file} whole\n`] });
  const broken: Reporter<RunView> = {
    file: 'broken.html',
    async *render() {
      yield '<p>half a page';
      throw new Error('the evidence ran out');
    },
  };
  const failures = await writeReports(view, Scrubber.none, {}, [good('a.md'), broken, good('b.xml')]);
  assert.deepEqual(failures, [{ file: 'broken.html', error: 'the evidence ran out' }]);
  assert.equal(await readFile(join(runDir, 'a.md'), 'utf8'), 'a.md whole\n');
  assert.equal(await readFile(join(runDir, 'b.xml'), 'utf8'), 'b.xml whole\n');
  assert.equal(
    await readFile(join(runDir, 'broken.html'), 'utf8'),
    'trialgate: broken.html could not be written (the evidence ran out); the other outputs were written\n',
  );
});

test('reporters are pure: none imports the file system; report.html reads the trials and keeps its scratch through the view', async () => {
  const { readdir: list } = await import('node:fs/promises');
  const { REPORTERS } = await import('../src/report/reporters.ts');
  const { buildHtmlReport } = await import('../src/report/html/write.ts');
  // The modules that do the reading for them, outside any reporter.
  const io = new Set(['run-files.ts', 'explain.ts', 'reporters.ts', 'html/evidence.ts']);
  const root = join(import.meta.dirname, '..', 'src', 'report');
  const files = (await list(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !io.has(f));
  for (const file of files) {
    const text = await readFile(join(root, file), 'utf8');
    assert.doesNotMatch(
      text,
      /from 'node:(fs|fs\/promises|readline|os)'|from '\.\.?\/(\.\.\/)?util\/(files|safe-write)\.ts'/,
      `src/report/${file} touches the file system`,
    );
  }
  assert.ok(Object.keys(REPORTERS).length >= 6);
  // Evidence given by the view, not read from disk: the page shows it, and no scratch touches the disk.
  const { bases, head } = scenarios.idempotencyRegression();
  const kept: string[] = [];
  const memory = {
    trial: async () => ({
      log: { text: 'the agent said hello from memory', cutBytes: 0 },
      reports: [],
      kindEvidence: [],
      boundaries: [],
      candidate: null,
      changes: null,
      problems: [],
    }),
    candidate: async () => null,
    scratch: async () => ({
      write: (_: string, line: string) => void kept.push(line),
      close: () => undefined,
      lines: async function* () {},
      remove: async () => undefined,
    }),
  };
  const view = present({ ...wholeRun(head), comparison: compareResults(bases, head, FIXED_K), runDir: '/nonexistent', files: memory as never });
  const page = await buildHtmlReport(view);
  assert.ok(page.includes('the agent said hello from memory'));
  assert.ok(kept.length > 0, 'the lazy bodies went to the scratch the view gave');
});
