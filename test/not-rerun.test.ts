// A task the head did not rerun (the change touched nothing it depends on): it enters the comparison as
// `not_rerun`, with its base shown as the base's and no check, so it neither passes nor regresses, counts
// in no family, and is never shown as unchanged evidence it did not produce.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { readComparedResults, readResultsFile } from '../src/results/read.ts';
import { renderMarkdown } from '../src/report/markdown.ts';
import { present } from '../src/report/view.ts';
import { mergeShards } from '../src/results/merge.ts';
import { summarizeTask } from '../src/results/metrics.ts';
import { Comparison } from '../src/schemas/comparison.ts';
import type { Results } from '../src/schemas/results.ts';
import { tempDir } from './support/fixtures.ts';
import { buildResults, type TaskSpec } from './support/results-builder.ts';

const WHY = 'none of the 1 changed file is one this task depends on';

/** `results` with task `id` recorded as not rerun, as a scoped run writes it. */
function notRerun(results: Results, id: string, why = WHY): Results {
  return {
    ...results,
    tasks: results.tasks.map((t) =>
      t.id === id ? { ...t, trials: [], summary: summarizeTask([], t.summary.k, Object.keys(t.summary.detections)), not_rerun: why } : t,
    ),
  };
}

const task = (id: string, pass: string, detect: string): TaskSpec => ({ id, faults: { dup: 'duplicate request' }, checks: { pass, 'detect:dup': detect } });

describe('a task not rerun, in the comparison', () => {
  it('neither passes nor regresses: no check, not in the family, its base shown; the rerun task alone decides', () => {
    const base = buildResults({ tasks: [task('reserve', '11111', '11111'), task('refund', '11111', '11111')] });
    const lost = buildResults({ startedAt: '2025-02-01T00:00:00Z', tasks: [task('reserve', '00000', '00000'), task('refund', '00000', '00000')] });
    // The head lost refund's detection; reserve was not rerun (and its trials would have failed too).
    const c = compareResults([base], notRerun(lost, 'reserve'), { confirmTrials: 0 });
    Comparison.parse(c);
    const reserve = c.tasks.find((t) => t.id === 'reserve')!;
    assert.equal(reserve.status, 'not_rerun');
    assert.equal(reserve.not_rerun, WHY);
    assert.deepEqual([reserve.checks, reserve.head, reserve.head_trials], [[], null, []]);
    assert.equal(reserve.base!.passes, 5, 'its base figures are shown as the base’s');
    assert.equal(c.verdict, 'fail');
    assert.equal(c.regressions, 2, 'refund’s pass and detection; nothing of reserve');
    assert.deepEqual([c.task_counts.compared, c.task_counts.not_rerun], [1, 1]);
    assert.equal(c.policy.family, 2, 'the family is the rerun task’s gated checks');
    assert.equal(c.undecided, undefined);

    const unchanged = compareResults([base], notRerun(base, 'reserve'), { confirmTrials: 0 });
    assert.equal(unchanged.verdict, 'pass');
    assert.equal(unchanged.checks.unchanged, 2, 'only refund’s checks are unchanged');
  });

  it('is said in the comment by name, apart from every table of results, and counted in the verdict line', () => {
    const base = buildResults({ tasks: [task('reserve', '11111', '11111'), task('refund', '11111', '11111')] });
    const head = notRerun(base, 'reserve');
    const markdown = renderMarkdown(present({ head, comparison: compareResults([base], head, { confirmTrials: 0 }) }));
    assert.match(markdown, /✅ \*\*no regressions\*\* — .*\(1 compared, 1 not rerun\)/);
    assert.match(
      markdown,
      /\*\*Not rerun\*\* \(unaffected by this change, so neither passed nor regressed; their base results are no evidence for it: none of the 1 changed file is one this task depends on\): reserve\./,
    );
    const perTask = markdown.slice(markdown.indexOf('#### Per-task results'));
    assert.doesNotMatch(perTask, /\| reserve \|/, 'no row of results for a task that produced none');
    assert.doesNotMatch(markdown, /<b>reserve<\/b>/, 'no details either');
  });

  it('in a base run, is as if the task were not in it: only the runs that ran it are pooled', () => {
    const older = buildResults({ startedAt: '2025-01-01T00:00:00Z', tasks: [task('reserve', '11111', '11111'), task('refund', '11111', '11111')] });
    const scoped = notRerun(
      buildResults({ startedAt: '2025-01-02T00:00:00Z', tasks: [task('reserve', '00000', '00000'), task('refund', '11111', '11111')] }),
      'reserve',
    );
    const head = buildResults({ startedAt: '2025-01-03T00:00:00Z', tasks: [task('reserve', '11111', '11111'), task('refund', '11111', '11111')] });
    const c = compareResults([scoped, older], head, { confirmTrials: 0 });
    const reserve = c.tasks.find((t) => t.id === 'reserve')!;
    assert.deepEqual([reserve.status, reserve.base_runs, reserve.base!.n], ['compared', 1, 5]);
    assert.equal(c.tasks.find((t) => t.id === 'refund')!.base_runs, 2);
  });

  it('holds no trial: a results file that says both is refused, naming the field', async () => {
    const base = buildResults({ tasks: [task('reserve', '11111', '11111')] });
    const forged = { ...notRerun(base, 'reserve'), tasks: [{ ...notRerun(base, 'reserve').tasks[0]!, trials: base.tasks[0]!.trials }] };
    const path = join(await tempDir(), 'results.json');
    await writeFile(path, JSON.stringify(forged));
    await assert.rejects(readComparedResults(path), /tasks\[0\]\.trials: holds 5 trials of a task that was not rerun/);
    await assert.rejects(readResultsFile(path), /tasks\[0\]\.trials: holds 5 trials of a task that was not rerun/);
  });

  it('shards of a scoped run slice the tasks that ran, and the merge keeps the others as not rerun', () => {
    const whole = buildResults({ tasks: [task('reserve', '111', '111'), task('refund', '111', '111'), task('restock', '111', '111')] });
    const scoped = notRerun(whole, 'reserve');
    // Round robin over refund 1-3, restock 1-3: shard 1 holds positions 0, 2, 4; shard 2 positions 1, 3, 5.
    const slice = (index: number): Results => {
      const ran = scoped.tasks.filter((t) => t.not_rerun === undefined);
      return {
        ...scoped,
        run: { ...scoped.run, shard: { index, count: 2 } },
        tasks: scoped.tasks.map((t) => {
          const at = ran.indexOf(t);
          return at < 0 ? t : { ...t, trials: t.trials.filter((x) => ((at * 3 + x.trial - 1) % 2) + 1 === index) };
        }),
      };
    };
    const merged = mergeShards([slice(1), slice(2)], 2);
    assert.deepEqual(
      merged.tasks.map((t) => [t.id, t.not_rerun ?? 'ran', t.trials.length]),
      [
        ['reserve', WHY, 0],
        ['refund', 'ran', 3],
        ['restock', 'ran', 3],
      ],
    );
  });
});
