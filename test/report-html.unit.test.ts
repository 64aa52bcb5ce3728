// report.html without a browser: produced from real run directories, parsed with a WHATWG parser, and
// checked as a DOM. Hostile strings must arrive as text, never as markup; holdout tasks never appear;
// the page loads nothing and runs no script but its own.
import assert from 'node:assert/strict';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { SCRIPT, STYLE } from '../src/report/html/assets.ts';
import { readTrialEvidence } from '../src/report/html/evidence.ts';
import { MATRIX_ROWS } from '../src/report/html/render.ts';
import { htmlPieces } from '../src/report/html/write.ts';
import { present, wholeRun } from '../src/report/view.ts';
import type { Results } from '../src/schemas/results.ts';
import { HOLDOUT_CHECK, HOLDOUT_TASK, HOSTILE, HOSTILE_TASK, hostileRuns, writeTrialDir } from './support/evidence-run.ts';
import { tempDir } from './support/fixtures.ts';
import { pageOf } from './support/outputs.ts';
import { attr, byId, elements, hasClass, parseDocument, parseHtmlFragment, textNodes, textOf, type Node } from './support/html.ts';
import { buildResults } from './support/results-builder.ts';
import * as scenarios from './support/scenarios.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

const runs = await hostileRuns();
// The page's states are under test here, not the policy: strict makes every loss a regression.
const compareHostile = () => compareResults([runs.base.results], runs.head.results, { policy: 'strict' });
const hostileHtml = (inlineLimit?: number) =>
  pageOf(runs.head.results, compareHostile(), {
    runDir: runs.head.dir,
    bases: [runs.base],
    notes: [`note ${HOSTILE.mention} ${HOSTILE.script}`],
    ...(inlineLimit === undefined ? {} : { inlineLimit }),
  });

/** The page's DOM with every lazily embedded fragment parsed as the script would insert it. */
function pageAndFragments(html: string): Node[] {
  const doc = parseDocument(html);
  const fragments = elements(doc)
    .filter((el) => el.tagName === 'script' && attr(el, 'type') === 'application/json')
    .map((el) => {
      // A lazy task's body is an array of its parts, which the script joins with line breaks.
      const value = JSON.parse(textOf(el)) as string | string[];
      return parseHtmlFragment(typeof value === 'string' ? value : value.join('\n'));
    });
  return [doc, ...fragments];
}

function assertInert(roots: Node[]): void {
  for (const root of roots) {
    for (const el of elements(root)) {
      assert.ok(!['img', 'iframe', 'object', 'embed', 'link', 'base', 'form', 'svg', 'math'].includes(el.tagName), `no <${el.tagName}> element`);
      for (const a of el.attrs) {
        assert.ok(!a.name.startsWith('on'), `no event handler attribute (${a.name} on <${el.tagName}>)`);
        assert.ok(!['src', 'srcset', 'action', 'formaction', 'style'].includes(a.name), `no ${a.name} attribute`);
        if (a.name === 'href') assert.match(a.value, /^#t-\d+$/, 'links stay inside the page');
      }
    }
  }
}

function assertHostileShownAsText(roots: Node[]): void {
  const texts = roots.flatMap(textNodes);
  const all = texts.join('\n');
  for (const needle of [HOSTILE.script, HOSTILE.img, HOSTILE.style, HOSTILE.mention, HOSTILE.scriptEnd]) {
    assert.ok(all.includes(needle), `${JSON.stringify(needle.slice(0, 30))} is shown as text`);
  }
  for (const control of ['\u202E', '\u2066', '\u2069'])
    assert.ok(!texts.some((t) => t.includes(control)), `no raw U+${control.charCodeAt(0).toString(16)} in any text`);
  const marks = roots
    .flatMap(elements)
    .filter((el) => hasClass(el, 'ctl'))
    .map(textOf);
  assert.ok(marks.includes('U+202E') && marks.includes('U+2066'), 'bidi controls are shown as marks');
  assert.match(all, /L… \(199\d{3} more characters\)/, 'a very long label is cut, saying by how much');
}

describe('report.html structure', () => {
  for (const [mode, limit] of [
    ['inline', undefined],
    ['lazy', 0],
  ] as const) {
    it(`${mode}: hostile strings from ids, labels, logs, reports, trajectories and files arrive as text`, async () => {
      const html = await hostileHtml(limit);
      const roots = pageAndFragments(html);
      assert.equal(roots.length > 1, mode === 'lazy', 'details are embedded as JSON only in lazy mode');
      assertInert(roots);
      assertHostileShownAsText(roots);
      const doc = roots[0]!;
      const scripts = elements(doc).filter((el) => el.tagName === 'script');
      const code = scripts.filter((el) => attr(el, 'type') === undefined);
      assert.equal(code.length, 1, 'one script runs: the page’s own');
      assert.equal(textOf(code[0]!), SCRIPT);
      for (const s of scripts.filter((el) => attr(el, 'type') !== undefined)) {
        assert.equal(attr(s, 'type'), 'application/json');
        assert.doesNotMatch(textOf(s), /[<\u2028\u2029]/, 'embedded JSON holds no < and no line separators');
      }
      const styles = elements(doc).filter((el) => el.tagName === 'style');
      assert.deepEqual(styles.map(textOf), [STYLE]);
      const csp = elements(doc).find((el) => attr(el, 'http-equiv') === 'Content-Security-Policy');
      assert.match(attr(csp!, 'content')!, /^default-src 'none'; style-src 'sha256-[^']+'; script-src 'sha256-[^']+'/);
    });
  }

  it('the matrix shows base → head per task and check, coloured by state, most severe task first', async () => {
    const doc = parseDocument(await hostileHtml());
    const rows = elements(byId(doc, 'matrix')!).filter((el) => el.tagName === 'tr' && attr(el, 'data-state'));
    assert.deepEqual(
      rows.map((r) => attr(r, 'data-state')),
      ['regressed', 'unchanged'],
    );
    const header = elements(elements(byId(doc, 'matrix')!).find((el) => el.tagName === 'thead')!)
      .filter((el) => el.tagName === 'th')
      .map(textOf);
    const cells = elements(rows[0]!)
      .filter((el) => el.tagName === 'td' || el.tagName === 'th')
      .map((el) => ({ text: textOf(el), cls: attr(el, 'class') ?? '' }));
    const at = (name: string) => cells[header.indexOf(name)]!;
    assert.equal(textOf(elements(rows[0]!).find((el) => el.tagName === 'a')!), 'inventory');
    assert.deepEqual(at('double-reserve'), { text: '3/3 → 1/2', cls: 'cell s-regressed' });
    assert.deepEqual(at('oversell'), { text: '3/3 → 2/2', cls: 'cell s-unchanged' });
    assert.equal(at('trials passed').text, '3/3 → 1/2');
    assert.equal(header.indexOf('pass'), -1, 'no check column repeats the trials passed');
    // Fault labels are read without hovering: each column's label is written below the table.
    assert.match(textOf(byId(doc, 'columns')!), /detection: double-reserve — /);
    assert.match(textOf(byId(doc, 'verdict')!), /^3 regressions · 3 tasks compared$/, 'two of the inventory task, one of the holdout task');
  });

  it('per trial: the layered verdict, reports with the defect each failure caught, env error rule, usage, log tail, files and the diff against the base', async () => {
    const doc = parseDocument(await hostileHtml());
    const task = elements(doc).find((el) => el.tagName === 'details' && hasClass(el, 'task') && textOf(el).includes('inventory'))!;
    const trials = elements(task).filter((el) => el.tagName === 'details' && hasClass(el, 'trial'));
    assert.equal(trials.length, 3);
    const failed = textOf(trials.find((t) => hasClass(t, 'o-fail'))!);
    for (const expected of [
      'final state',
      'failed',
      // In plain words: defect_missed means no test caught the defect.
      `no test caught double-reserve (${HOSTILE.img})`,
      'constraints',
      'tool contract',
      'n/a',
      'trajectory',
      HOSTILE.mention,
      'input tokens 1,000',
      'cost usd $0.01',
    ]) {
      assert.ok(failed.includes(expected), `the failed trial shows ${expected}`);
    }
    const oversell = elements(trials.find((t) => hasClass(t, 'o-fail'))!).find((el) => el.tagName === 'details' && textOf(el).startsWith('oversell'))!;
    const row = elements(oversell)
      .filter((el) => el.tagName === 'tr')
      .map((tr) =>
        elements(tr)
          .filter((el) => el.tagName === 'td')
          .map(textOf),
      )
      .find((r) => r.length > 0)!;
    assert.deepEqual(
      row,
      [`case ${HOSTILE.script}`, 'failed', `step 2: ${HOSTILE.img}`, 'expected 0, got lineU+2028paraU+2029end', 'oversell'],
      'line and paragraph separators are shown as marks',
    );
    assert.ok(textOf(trials.find((t) => hasClass(t, 'o-env_error'))!).includes(`Env error (excluded from every rate): ${HOSTILE.scriptEnd}`));
    assert.ok(failed.includes(`agent 2 starting\n${HOSTILE.scriptEnd}`), 'the agent log tail');
    assert.ok(failed.includes('blob.bin 4 bytes · not shown: binary'), 'a binary file is listed, not shown');
    const diff = elements(trials.find((t) => hasClass(t, 'o-fail'))!)
      .filter((el) => hasClass(el, 'd-del'))
      .map(textOf);
    assert.deepEqual(diff, ['-    "idempotent-repeat",'], 'the head candidate against the base trial of the same number');
  });

  it('a tools task: the boundary run as a timeline with the injected fault marked', async () => {
    const doc = parseDocument(await hostileHtml());
    const task = elements(doc).find((el) => el.tagName === 'details' && hasClass(el, 'task') && !textOf(el).startsWith('regressed'))!;
    const items = elements(task).filter((el) => el.tagName === 'li' && el.parentNode && hasClass(el.parentNode as never, 'timeline'));
    assert.equal(items.length, 4, 'two calls in each of two trials');
    assert.deepEqual(
      items.map((li) => hasClass(li, 'fault')),
      [false, true, false, true],
    );
    const mark = elements(items[1]!).find((el) => el.tagName === 'mark')!;
    assert.equal(textOf(mark), `fault: delivered-twice ${HOSTILE.img}`);
    assert.ok(textOf(items[1]!).includes('delivered ×2 · service answered 201, 200'));
    assert.ok(textOf(task).includes(`contract: reserved twice ${HOSTILE.mention}`));
  });

  it('holdout tasks appear only as an aggregate: no id, check or evidence of theirs anywhere in the file', async () => {
    const html = await hostileHtml(0);
    for (const secret of [HOLDOUT_TASK, HOLDOUT_CHECK.slice('constraint:'.length)]) assert.ok(!html.includes(secret), `${secret} is not in the file`);
    assert.match(
      textOf(byId(parseDocument(html), 'holdout')!),
      /^Holdout \(aggregate only, no task is named\): 1 compared · trial pass 2\/2 → 0\/2 · gated checks: 1 regressed/,
    );
    const scenario = scenarios.holdout();
    const other = await pageOf(scenario.head, compareResults(scenario.bases, scenario.head, FIXED_K), { runDir: await tempDir() });
    for (const secret of [...scenarios.HOLDOUT_IDS, 'silent-audit-gap', 'secret-holdout-constraint']) assert.ok(!other.includes(secret), `${secret} leaked`);
  });

  it('without JavaScript the summary reads whole and the lazy trials say where the evidence is', async () => {
    const doc = parseDocument(await hostileHtml(0), false);
    assert.equal(attr(byId(doc, 'toolbar')!, 'hidden'), '', 'the filter bar needs the script and stays hidden');
    const text = textOf(doc);
    for (const expected of ['3 regressions', 'Gated checks of the compared tasks', 'trials launched', 'Task × check', 'inventory/trial-002'])
      assert.ok(text.includes(expected), expected);
    assert.ok(text.includes("This task's checks, figures and trials' evidence open with JavaScript"));
  });

  it('a task removed since the base is listed, and its empty lazy body is a whole JSON block', async () => {
    const { bases, head } = scenarios.changedTask();
    const html = await pageOf(head, compareResults(bases, head, FIXED_K), { runDir: await tempDir(), inlineLimit: 0 });
    const [doc] = pageAndFragments(html);
    const removed = elements(doc!).find((el) => el.tagName === 'details' && hasClass(el, 'task') && textOf(el).includes('inventory-legacy-export'))!;
    assert.equal(attr(removed, 'data-state'), 'removed');
    const body = byId(
      doc!,
      attr(
        elements(removed).find((el) => attr(el, 'data-lazy'))!,
        'data-lazy',
      )!,
    )!;
    assert.ok(Array.isArray(JSON.parse(textOf(body))));
  });

  it('a run without a base: head counts coloured by the head trials alone', async () => {
    const head = buildResults({
      tasks: [
        { id: 'all-pass', checks: { pass: '11' } },
        { id: 'half', checks: { pass: '10' } },
      ],
    });
    const doc = parseDocument(await pageOf(head, compareResults([], head), { runDir: await tempDir() }));
    const rows = elements(byId(doc, 'matrix')!).filter((el) => el.tagName === 'tr' && attr(el, 'data-state'));
    assert.deepEqual(
      rows.map((r) => [textOf(elements(r).find((el) => el.tagName === 'a')!), attr(r, 'data-state')]),
      [
        ['half', 'mixed'],
        ['all-pass', 'passing'],
      ],
    );
    assert.match(textOf(byId(doc, 'verdict')!), /^3\/4 executed trials passed \(head results only, no baseline\)$/);
    assert.ok(textOf(doc).includes('the trial directory half/trial-001 is not beside this report'));
  });

  it('renders its notes as the comment does: code spans as code, links into the repository live, a long note cut between its pieces', async () => {
    const head = buildResults({ tasks: [{ id: 'a', checks: { pass: '1' } }] });
    const saved = process.env.GITHUB_REPOSITORY;
    process.env.GITHUB_REPOSITORY = 'acme/shop';
    try {
      const failures = Array.from({ length: 40 }, (_, i) => `\`sig${i}\` \`task-${i}\` · \`detect:double-reserve\``).join('; ');
      const notes = [
        'Baseline: 1 run of `main` at [1111111](https://github.com/acme/shop/actions/runs/1); 2 days old.',
        'A link elsewhere [2222222](https://evil.example/x) stays text.',
        `New failures since the base: ${failures}.`,
      ];
      const doc = parseDocument(await pageOf(head, compareResults([], head), { runDir: await tempDir(), notes }));
      const items = elements(doc).filter((el) => el.tagName === 'li' && elements(doc).some((ul) => hasClass(ul, 'notes') && ul.childNodes.includes(el)));
      assert.equal(items.length, 3);
      const [baseline, elsewhere, cut] = items;
      assert.equal(textOf(baseline!), 'Baseline: 1 run of main at 1111111; 2 days old.', 'no literal backtick or bracket');
      const link = elements(baseline!).find((el) => el.tagName === 'a')!;
      assert.equal(attr(link, 'href'), 'https://github.com/acme/shop/actions/runs/1');
      assert.deepEqual(
        elements(baseline!)
          .filter((el) => el.tagName === 'code')
          .map(textOf),
        ['main'],
      );
      assert.ok(!elements(elsewhere!).some((el) => el.tagName === 'a'), 'a link outside the repository is not live');
      // Cut between pieces: every code span whole, the cut marked.
      assert.ok(textOf(cut!).endsWith('…'), textOf(cut!).slice(-40));
      for (const code of elements(cut!).filter((el) => el.tagName === 'code')) assert.match(textOf(code), /^(sig\d+|task-\d+|detect:double-reserve)$/);
      assert.ok(!textOf(cut!).includes('`'));
    } finally {
      if (saved === undefined) delete process.env.GITHUB_REPOSITORY;
      else process.env.GITHUB_REPOSITORY = saved;
    }
  });

  it('a large run: the matrix holds the most severe rows, the rest wait in a JSON block, the task list has all', async () => {
    const { bases, head } = scenarios.largeRun(MATRIX_ROWS + 50);
    // So many tasks at a fixed k: familywise could flag nothing; strict, chosen, flags the lost detections.
    const html = await pageOf(head, compareResults(bases, head, { ...FIXED_K, policy: 'strict' }), { runDir: await tempDir() });
    const [doc, ...blocks] = pageAndFragments(html);
    const inTable = elements(byId(doc!, 'matrix')!).filter((el) => el.tagName === 'tr' && attr(el, 'data-state'));
    assert.equal(inTable.length, MATRIX_ROWS);
    assert.equal(attr(inTable[0]!, 'data-state'), 'regressed', 'the most severe first');
    const rest = elements(parseHtmlFragment(`<table><tbody>${JSON.parse(textOf(byId(doc!, 'm-rest')!))}</tbody></table>`)).filter((el) => el.tagName === 'tr');
    assert.equal(rest.length, 50);
    const ids = [...inTable, ...rest].map((r) => textOf(elements(r).find((el) => el.tagName === 'a')!));
    assert.deepEqual(new Set(ids), new Set(head.tasks.map((t) => t.id)));
    assert.equal(elements(doc!).filter((el) => el.tagName === 'details' && hasClass(el, 'task')).length, MATRIX_ROWS + 50);
    assert.ok(blocks.length > 0);
  });

  it('past the size budget, trials of the most severe tasks keep their evidence and the rest say where it is', async () => {
    const html = await pageOf(runs.head.results, compareHostile(), { runDir: runs.head.dir, budgetBytes: 1 });
    const text = textOf(parseDocument(html));
    const omitted = text.match(/left out of this page, which keeps its size bounded/g) ?? [];
    assert.equal(omitted.length, 4, 'one trial read (the failed one of the regressed task), four left out');
    assert.ok(text.includes(`agent 2 starting`), 'the failed trial of the regressed task was read first');
  });

  it('reads the evidence of at most maxTrials trials, most severe first, however little text they add', async () => {
    const html = await pageOf(runs.head.results, compareHostile(), { runDir: runs.head.dir, maxTrials: 2 });
    const text = textOf(parseDocument(html));
    const omitted = text.match(/left out of this page, which keeps its size bounded/g) ?? [];
    assert.equal(omitted.length, 3, 'two trials read, three left out');
    assert.ok(text.includes(`agent 2 starting`), 'the failed trial of the regressed task was read first');
  });

  it('a secret-scrubbing redact reaches every text of the page, in any spelling the page would give it', async () => {
    const html = await pageOf(runs.head.results, compareHostile(), { runDir: runs.head.dir, redact: (t) => t.split('<script>').join('[redacted]') });
    const texts = pageAndFragments(html).flatMap(textNodes).join('\n');
    assert.ok(!texts.includes('<script>'));
    assert.ok(texts.includes('[redacted]window.pwned = 1</script>'));
  });
});

describe('reading a trial directory', () => {
  it('lists symbolic links without following them, and large, binary and excess files without showing them', async () => {
    const runDir = await tempDir();
    await writeTrialDir(runDir, 't/trial-001', { candidate: { 'a.txt': 'small', 'big.txt': 'x'.repeat(70 * 1024), 'bin.dat': Buffer.from([1, 0, 2]) } });
    await writeFile(join(runDir, 'secret.txt'), 'outside the candidate');
    await symlink(join(runDir, 'secret.txt'), join(runDir, 't/trial-001/candidate/link.txt'));
    const evidence = await readTrialEvidence(join(runDir, 't/trial-001'));
    assert.deepEqual(
      evidence!.candidate!.files.map((f) => [f.path, f.text, f.why ?? null]),
      [
        ['a.txt', 'small', null],
        ['big.txt', null, 'larger than 64 KiB'],
        ['bin.dat', null, 'binary'],
        ['link.txt', null, 'a symbolic link (not followed)'],
      ],
    );
    const limited = await readTrialEvidence(join(runDir, 't/trial-001'), {
      logTailBytes: 8,
      fileBytes: 1024,
      candidateBytes: 1024,
      candidateFiles: 2,
      exchanges: 1,
    });
    assert.equal(limited!.candidate!.unlisted, 2);
  });

  it('keeps the end of a long agent log from a line start, saying how much came before', async () => {
    const runDir = await tempDir();
    const log = Array.from({ length: 2000 }, (_, i) => `line ${i}`).join('\n') + '\n';
    await writeTrialDir(runDir, 't/trial-001', { log });
    const tail = (await readTrialEvidence(join(runDir, 't/trial-001')))!.log!;
    assert.ok(tail.text.endsWith('line 1999\n') && /^line \d+\n/.test(tail.text));
    assert.equal(tail.cutBytes + Buffer.byteLength(tail.text), Buffer.byteLength(log));
    assert.ok(Buffer.byteLength(tail.text) <= 8 * 1024);
  });

  it('a report that is not in its format is a stated problem, not a crash', async () => {
    const runDir = await tempDir();
    await mkdir(join(runDir, 't/trial-001/evidence/reports'), { recursive: true });
    await writeFile(join(runDir, 't/trial-001/evidence/reports/none.json'), '{"fault": 3}');
    await writeFile(join(runDir, 't/trial-001/evidence/reports/bad.json'), '{not json');
    const evidence = (await readTrialEvidence(join(runDir, 't/trial-001')))!;
    assert.deepEqual(
      evidence.reports.map((r) => [r.variant, r.report, r.problem?.replace(/\(.*\)/, '(…)')]),
      [
        ['bad', null, 'evidence/reports/bad.json: not JSON (…)'],
        ['none', null, 'evidence/reports/none.json: not in the expected format (…)'],
      ],
    );
  });

  it("an agent run's files are read in the formats its kind declares: a goal not in the format is named, a directory without them is no run", async () => {
    const runDir = await tempDir();
    const trial = join(runDir, 't/trial-001');
    await writeTrialDir(runDir, 't/trial-001', {
      boundaries: {
        'stale-read': {
          trajectory: [],
          judgement: { variant: 'stale-read', accepted: true, findings: [] },
          goals: [{ version: 1, status: 'active', order: 'A-1' }],
          log: '',
        },
      },
    });
    await mkdir(join(trial, 'evidence', 'not-a-run'));
    await writeFile(join(trial, 'evidence', 'not-a-run', 'notes.json'), '[]');
    const evidence = (await readTrialEvidence(trial))!;
    assert.deepEqual(
      evidence.boundaries.map((b) => [b.variant, b.judgement?.accepted, b.goals, b.problems.map((p) => p.replace(/\(.*\)/, '(…)'))]),
      [['stale-read', true, [], ['evidence/stale-read/goal.json: not in the expected format (…)']]],
    );
  });

  it('an evidence path that leads outside the run directory is never read', async () => {
    const outside = await tempDir();
    await writeTrialDir(outside, 'escape/trial-001', { log: 'OUTSIDE THE RUN' });
    const runDir = join(await tempDir(), 'run');
    await mkdir(runDir);
    const head: Results = buildResults({ tasks: [{ id: 'escape', checks: { pass: '1' } }] });
    head.tasks[0]!.trials[0]!.evidence = `../../${outside.split('/').pop()}/escape/trial-001`;
    const html = await pageOf(head, compareResults([], head), { runDir: join(runDir) });
    assert.ok(!html.includes('OUTSIDE THE RUN'));
    assert.ok(textOf(parseDocument(html)).includes('its path leads outside the run directory, so it was not read'));
  });
});

describe('the task named by hostile text', () => {
  it('keeps its own element id, never its name, as the anchor the matrix links to', async () => {
    const doc = parseDocument(await hostileHtml());
    const link = elements(byId(doc, 'matrix')!).find((el) => el.tagName === 'a' && textOf(el).startsWith('tool-'))!;
    const target = byId(doc, attr(link, 'href')!.slice(1))!;
    assert.equal(target.tagName, 'details');
    assert.ok(textOf(target).includes(HOSTILE_TASK.slice(0, 20)));
  });

  it('spills the lazy bodies to a private temporary directory and removes it, also when the writer stops early', async () => {
    const tmp = await tempDir();
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const source = { ...wholeRun(runs.head.results), comparison: compareHostile(), runDir: runs.head.dir };
      const html: string[] = [];
      for await (const piece of htmlPieces(present({ ...source, bases: [runs.base] }), { inlineLimit: 0 })) html.push(piece);
      assert.ok(html.join('').includes('id="d-0">['), 'the bodies came back from the spill into the page');
      assert.deepEqual(await readdir(tmp), []);
      for await (const piece of htmlPieces(present(source), { inlineLimit: 0 })) if (piece.includes('<script>')) break;
      assert.deepEqual(await readdir(tmp), []);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
    }
  });
});
