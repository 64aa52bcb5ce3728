// What a prompt author reads in ten seconds (issue 33, property 1): on each pull request of
// support/comment-scenarios.ts, the first fifteen lines of the comment as GitHub lays it out say whether the
// check fails, which task and check in the fixture's own words, why as evidence (never a test statistic),
// which files changed and what to do. The layout is estimated from marked's blocks (GitHub Flavored Markdown)
// at a comment's width; a collapsed <details> shows its summary line only.
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { marked, type Token } from 'marked';
import { buildHtmlReport } from '../src/report/html/write.ts';
import { renderText, REPORTERS } from '../src/report/reporters.ts';
import { attr, byId, elements, parseDocument, textOf } from './support/html.ts';
import { commentScenarios, SKILL, type CommentScenario } from './support/comment-scenarios.ts';
import { tempDir } from './support/fixtures.ts';

/** Characters of a rendered line in a PR comment on a desktop browser (about 850 px at 14 px). */
const WIDTH = 100;
const FIRST_SCREEN = 15;
const STATISTICS = /Fisher|α|\bp = |pass\^k|\bk = |familywise|strict:/;

/** The rendered text of the first `lines` lines: each block's text, as many lines as it wraps to. */
function firstScreen(markdown: string, lines = FIRST_SCREEN): string {
  const shown: string[] = [];
  let used = 0;
  const add = (text: string) => {
    const plain = text
      .replace(/<!--[\s\S]*?-->/g, '')
      .replace(/<summary>([\s\S]*?)<\/summary>[\s\S]*/, '$1')
      .replace(/<[^>]+>/g, '')
      .trim();
    if (!plain || used >= lines) return;
    shown.push(plain);
    used += Math.ceil(plain.length / WIDTH);
  };
  // What a collapsed <details> holds is not on the screen: only its summary line.
  let collapsed = 0;
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'html') {
        if (collapsed === 0 && t.raw.includes('<details>')) add(/<summary>([\s\S]*?)<\/summary>/.exec(t.raw)?.[1] ?? '');
        else if (collapsed === 0) add(t.raw);
        collapsed += (t.raw.match(/<details>/g) ?? []).length - (t.raw.match(/<\/details>/g) ?? []).length;
      } else if (collapsed > 0) continue;
      else if (t.type === 'list') for (const item of t.items) add(item.text.replace(/\n\s*[-*] /g, '\n'));
      else if ('text' in t && typeof t.text === 'string') add(t.text);
    }
  };
  walk(marked.lexer(markdown));
  return shown.join('\n').replace(/\*\*|`/g, '');
}

describe('the first screen of the comment', () => {
  let scenarios: CommentScenario[] = [];
  const comments = new Map<string, string>();
  before(async () => {
    scenarios = await commentScenarios(await tempDir());
    for (const s of scenarios)
      comments.set(s.name, await renderText(REPORTERS.markdown, s.view, { evidenceUrl: 'https://github.com/acme/shop/actions/runs/7/artifacts/9' }));
  });
  const screen = (name: string) => firstScreen(comments.get(name)!);

  it('every scenario: whether the check fails, the changed files, and no statistics', () => {
    for (const s of scenarios) {
      const first = screen(s.name);
      assert.match(first, /the check (fails|passes)/, `${s.name}: ${first}`);
      assert.ok(first.includes(`Changed: ${SKILL}`), `${s.name}: the changed file`);
      assert.doesNotMatch(first, STATISTICS, `${s.name}: statistics on the first screen:\n${first}`);
      for (const secret of s.named.withheld) assert.ok(!comments.get(s.name)!.includes(secret), `${s.name}: ${secret} leaked`);
    }
  });

  it('a regression: the task and the lost check in the fixture’s own words, the evidence, the command and the link', () => {
    for (const name of ['seed-regression', 'thirty-regressions']) {
      const s = scenarios.find((x) => x.name === name)!;
      const first = screen(name);
      assert.match(first, /regressions?\b.* the check fails/, name);
      for (const id of s.named.tasks) assert.ok(first.includes(id), `${name}: ${id}`);
      for (const label of s.named.labels) assert.ok(first.includes(label), `${name}: ${label}`);
      // Why, as evidence: the test that caught it on the base, and that the head's tests lack it.
      assert.match(first, /Before: on the base, test idempotent-repeat caught it in 3 of 3 trials: step 3: \$\.available == 16: expected 16, got 12\./, name);
      assert.match(first, /Now: test idempotent-repeat is gone from the agent's tests; no test caught double-reserve/, name);
      assert.match(first, /Next: reproduce it with npx trialgate run --task inventory-/, name);
      assert.match(first, /report\.html#t-0/, name);
    }
    // One cause, one entry: the detection, the judge item and the trial pass that fail together.
    assert.match(
      screen('seed-regression'),
      /Also failing in those trials: the model judge on covers-idempotency \(it answered no: test-plan\.md never mentions idempotency\); the trial's overall pass\./,
    );
    assert.match(comments.get('thirty-regressions')!, /\*\*… and 12 more regression causes:\*\* inventory-04 \(double-reserve\);/);
  });

  it('an unchanged pull request says so and that the check passes', () => {
    assert.match(screen('unchanged'), /^✅ no regressions — the check passes/);
  });

  it('an undecided pull request says why in one line and what to do; an outage never shows as suspect checks', () => {
    const first = screen('undecided-outage');
    assert.match(first, /^⏸️ undecided — rerun — .* the check fails until a rerun decides/);
    assert.match(first, /^Why: inventory-reservations: all 3 of its head trials are environment errors the agent declared \(the provider answered 503/m);
    assert.match(first, /^Next: rerun the job/m);
    assert.doesNotMatch(comments.get('undecided-outage')!, /suspect/);
  });

  it('a holdout regression: counted, withheld, and what a maintainer can do', () => {
    const first = screen('holdout-regression');
    assert.match(first, /Holdout tasks: 2 regressions \(task and check withheld; they count in the gate\)\./);
    assert.match(first, /Next: the holdout tasks are withheld from pull requests; a maintainer can open their sealed detail/);
  });

  it('report.html opens with the same causes, each linked to its task', async () => {
    const doc = parseDocument(await buildHtmlReport(scenarios.find((x) => x.name === 'seed-regression')!.view));
    const link = elements(byId(doc, 'causes')!).find((el) => el.tagName === 'a')!;
    assert.equal(attr(link, 'href'), '#t-0');
    assert.match(
      textOf(link),
      /^inventory-reservations no longer catches the defect double-reserve — duplicate request reserves twice \(idempotency\), in 17 of 17 trials\.$/,
    );
    assert.match(textOf(byId(doc, 'causes')!), /Before: on the base, test idempotent-repeat caught it in 3 of 3 trials/);
    assert.ok(byId(doc, 't-0'), 'the anchor is the task');
  });
});
