// The outputs are plug-ins over one view (src/report/view.ts): the comment, report.html, junit.xml and the
// terminal show the same tasks in the same order and state, because none of them works a state out for
// itself, and the lines under the verdict are the view's, so every output says them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { renderText, REPORTERS } from '../src/report/reporters.ts';
import { present, wholeRun, type RunView } from '../src/report/view.ts';
import type { Results } from '../src/schemas/results.ts';
import { tempDir } from './support/fixtures.ts';
import { attr, byId, elements, parseDocument, textOf } from './support/html.ts';
import { buildResults } from './support/results-builder.ts';
import * as scenarios from './support/scenarios.ts';

const FIXED_K = { confirmTrials: 0 } as const;

/** The task ids of the comment's per-task table, top to bottom. */
function commentOrder(markdown: string): string[] {
  const table = markdown.split('#### Per-task results\n\n')[1]!.split('\n\n')[0]!;
  return table
    .split('\n')
    .slice(2)
    .map((row) => row.split('|')[1]!.trim());
}

/** The task ids and states of the page's matrix, top to bottom. */
function pageOrder(html: string): { id: string; state: string }[] {
  const rows = elements(byId(parseDocument(html), 'matrix')!).filter((el) => el.tagName === 'tr' && attr(el, 'data-state'));
  return rows.map((r) => ({ id: textOf(elements(r).find((el) => el.tagName === 'a')!), state: attr(r, 'data-state')! }));
}

async function viewOf(head: Results, bases: Results[] | null): Promise<RunView> {
  return present({ ...wholeRun(head), comparison: bases ? compareResults(bases, head, FIXED_K) : null, runDir: await tempDir() });
}

describe('one view, every output', () => {
  const cases: [string, () => { bases: Results[] | null; head: Results }][] = [
    // Without a base the tasks are ordered by their head trials: failing and mixed first.
    ['a run alone', () => ({ bases: null, head: scenarios.noBaseline() })],
    ['a regression', () => scenarios.idempotencyRegression()],
    ['a changed, an incomparable, a new and a removed task', () => scenarios.changedTask()],
  ];
  for (const [name, scenario] of cases) {
    it(`${name}: the comment, the page and junit.xml list the tasks in the view's order, in the view's states`, async () => {
      const { bases, head } = scenario();
      const view = await viewOf(head, bases);
      const order = view.tasks.map((t) => t.task.id);
      assert.deepEqual(commentOrder(await renderText(REPORTERS.markdown, view)), order);
      assert.deepEqual(
        pageOrder(await renderText(REPORTERS.html, view)),
        view.tasks.map((t) => ({ id: t.task.id, state: t.state })),
      );
      // junit.xml and the terminal list the head run's tasks as it ran them: every one of them, each once.
      const suites = [...(await renderText(REPORTERS.junit, view)).matchAll(/<testsuite name="([^"]+)"/g)].map((m) => m[1]);
      assert.deepEqual(
        suites,
        head.tasks.map((t) => t.id),
      );
    });
  }

  it('a run alone puts its failing task before its passing ones in every output', async () => {
    const head = buildResults({
      tasks: [
        { id: 'passes', checks: { pass: '11' } },
        { id: 'fails', checks: { pass: '00' } },
        { id: 'wobbles', checks: { pass: '10' } },
      ],
    });
    const view = await viewOf(head, null);
    assert.deepEqual(
      view.tasks.map((t) => [t.task.id, t.state]),
      [
        ['fails', 'failing'],
        ['wobbles', 'mixed'],
        ['passes', 'passing'],
      ],
    );
    assert.deepEqual(commentOrder(await renderText(REPORTERS.markdown, view)), ['fails', 'wobbles', 'passes']);
  });

  it("every output says the run was not isolated, the run's files and the comment alike", async () => {
    const run = scenarios.noBaseline();
    const head = { ...run, run: { ...run.run, isolation: { mechanism: 'none' as const, reason: 'bubblewrap is not installed' } } };
    const view = await viewOf(head, null);
    const line = /⚠️ Isolation: none \(bubblewrap is not installed\)/;
    assert.match(await renderText(REPORTERS.markdown, view), line);
    assert.match(await renderText(REPORTERS.terminal, view), line);
    assert.match(textOf(parseDocument(await renderText(REPORTERS.html, view))), line);
  });
});
