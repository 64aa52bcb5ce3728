import assert from 'node:assert/strict';
import { test } from 'node:test';
import { compareResults } from '../src/compare/compare.ts';
import { fitDocument, NOTICE } from '../src/report/fit.ts';
import { commentMarker } from '../src/report/markdown.ts';
import { present } from '../src/report/view.ts';
import { SETUP_RULE } from '../src/results/setup-rules.ts';
import { commentOf, runMarkdownOf } from './support/outputs.ts';
import { buildResults } from './support/results-builder.ts';
import * as scenarios from './support/scenarios.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

test('the marker comes first and names the trial set', () => {
  assert.equal(commentMarker('inventory-agent'), '<!-- trialgate:inventory-agent -->');
  assert.equal(commentMarker('a--b>'), '<!-- trialgate:a-b -->');
  const { bases, head } = scenarios.noChange();
  assert.ok(commentOf(head, compareResults(bases, head, FIXED_K)).startsWith('<!-- trialgate:inventory-agent -->\n\n✅ **no regressions**'));
});

test('the same input renders the same text', () => {
  const { bases, head } = scenarios.pooledBases();
  assert.equal(commentOf(head, compareResults(bases, head, FIXED_K)), commentOf(head, compareResults(bases, head, FIXED_K)));
});

test('notes follow what a reader must see first, folded away against a baseline, in sight without one', () => {
  const { bases, head } = scenarios.noChange();
  const notes = ['baseline 1111111 (2 days old)', 'confirmation round 2'];
  const md = commentOf(head, compareResults(bases, head, FIXED_K), { notes });
  assert.match(
    md,
    /✅ \*\*no regressions\*\*[^\n]*\n\n<details><summary>About this run: 2 notes \(the baseline\)<\/summary>\n\n\* baseline 1111111 \(2 days old\)\n\* confirmation round 2\n\n<\/details>/,
  );
  // The summary names what the notes hold, and nothing they do not: new failures only where there are some.
  const failed = commentOf(head, compareResults(bases, head, FIXED_K), {
    notes: ['Baseline: 1 run at 1111111.', 'New failures since the base (…): `abc` `t`'],
  });
  assert.match(failed, /<summary>About this run: 2 notes \(the baseline, new failures\)<\/summary>/);
  const other = commentOf(head, compareResults(bases, head, FIXED_K), { notes: ['confirmation round 2'] });
  assert.match(other, /<summary>About this run: 1 note<\/summary>/);
  const alone = commentOf(head, compareResults([], head), { notes: ['No results artefact found on main.'] });
  assert.match(alone, /\*\*no baseline\*\*[^\n]*\n\n\* No results artefact found on main\.\n/);
});

test('a tight limit cuts details, then per-task rows, and keeps the regressions', () => {
  const { bases, head, regressedTasks } = scenarios.largeRun(200, 20);
  // 200 tasks at a fixed k: familywise could flag nothing; strict, chosen, flags the 20 lost detections.
  const c = compareResults(bases, head, { ...FIXED_K, policy: 'strict' });
  const full = commentOf(head, c, { maxChars: 10_000_000 });
  assert.ok(!full.includes('✂️'));
  const cut = commentOf(head, c, { maxChars: 12_000 });
  assert.ok(cut.length <= 12_000, String(cut.length));
  assert.match(cut, /per-task details: 200 of 200 cut; per-task result rows: \d+ of 200 cut/);
  for (const id of regressedTasks) assert.ok(cut.includes(`| ${id} | lost detection: double-reserve`), id);
  assert.match(cut, /\*\*Denominators\.\*\*/);
  const halfway = commentOf(head, c, { maxChars: full.length - 1000 });
  assert.match(halfway, /per-task details: \d+ of 200 cut\. Every regression is listed/);
  assert.match(halfway, /#### Per-task results/);
});

test('fitDocument gives up (null) rather than cut through pieces that cannot be cut', () => {
  assert.equal(
    fitDocument(['x'.repeat(500), NOTICE], [], 200, () => 'notice'),
    null,
  );
  assert.equal(
    fitDocument(['x'.repeat(100), NOTICE], [], 200, () => 'notice'),
    `${'x'.repeat(100)}\n`,
  );
});

test('a single run shows holdout tasks only in aggregate', () => {
  const md = runMarkdownOf(scenarios.holdout().head);
  for (const secret of [...scenarios.HOLDOUT_IDS, 'silent-audit-gap', 'secret-holdout-constraint']) assert.ok(!md.includes(secret), secret);
  assert.match(md, /\*\*Holdout\*\* \(aggregate only\): 2 tasks, trial pass 7\/10\./);
  assert.match(md, /^<!-- trialgate:inventory-agent -->\n\n📋 \*\*12\/15 executed trials passed\*\*/);
});

test('tokens and cost stay blank when not reported; unknown pass^k stays blank', () => {
  const run = buildResults({
    tasks: [
      { id: 'short', checks: { pass: '1' }, outcomes: '.' },
      { id: 'full', checks: { pass: '11' }, tokens: 10 },
    ],
  });
  const withK = { ...run, tasks: run.tasks.map((t) => ({ ...t, summary: { ...t.summary, k: 2, pass_pow_k: null } })) };
  const md = runMarkdownOf(withK);
  assert.match(md, /\| short \| 1\/1 \| \| 0 \| 0 \| 1\.0 s \| \| \|/);
});

test('the evidence link and the trial directories appear in the details', () => {
  const { bases, head } = scenarios.idempotencyRegression();
  const md = commentOf(head, compareResults(bases, head, FIXED_K), { evidenceUrl: 'https://example.test/a/1' });
  assert.match(md, /Evidence in the \[evidence artefact\]\(https:\/\/example\.test\/a\/1\): `inventory-reserve\/trial-001`/);
});

test('tokens and cost columns appear only when some task reported them (never an estimate)', () => {
  const silent = runMarkdownOf(buildResults({ tasks: [{ id: 'a', checks: { pass: '11' } }] }));
  assert.doesNotMatch(silent, /\| tokens \| cost \|/);
  assert.match(silent, /no task reported tokens or cost/);
  const reported = runMarkdownOf(
    buildResults({
      tasks: [
        { id: 'a', checks: { pass: '11' }, tokens: 1200 },
        { id: 'b', checks: { pass: '11' } },
      ],
    }),
  );
  assert.match(reported, /\| tokens \| cost \|/);
  assert.match(reported, /\| 1,200 \|/);
});

test('a single run: the reason of each failed trial is below its ✗; pass@1 is not a second "trials passed"; an unknown commit is explained', () => {
  const results = buildResults({
    sha: null,
    tasks: [{ id: 'tally', faults: { 'accepts-zero': 'adds zero' }, checks: { pass: '10', 'detect:accepts-zero': '10' } }],
  });
  results.tasks[0]!.trials[1]!.layers.final_state.failures = ['accepts-zero: defect_missed: all 2 passed on accepts-zero'];
  results.tasks[0]!.trials[0]!.layers.final_state.failures = ['nothing to see'];
  const md = runMarkdownOf(results);
  // In plain words: "defect_missed: all 2 passed" reads as good news and means no test caught the defect.
  assert.match(md, /Why \(the first reasons of each trial that did not pass\):\n\n- trial 2: no test caught accepts-zero \(all 2 passed on accepts-zero\)\n/);
  assert.doesNotMatch(md, /defect_missed/);
  assert.doesNotMatch(md, /nothing to see/, 'a passing trial lists no reason');
  assert.doesNotMatch(md, /pass@1/);
  assert.match(md, /\| task \| trials passed \| all k passed \(pass\^k\) \| defects detected \| env errors \(excluded\) \| not started \| wall time \|/);
  assert.match(
    md,
    /Head commit unknown \(refs\/heads\/main\) \(unknown: the run recorded no git commit, as it was not made in a git checkout with a commit\)\./,
  );
});

test('every sentence of the policy line describes what this comparison did', () => {
  // Nothing ambiguous: the plan's confirmation looks are not described as if they had run.
  const { bases, head } = scenarios.noChange();
  const quiet = commentOf(head, compareResults(bases, head));
  const line = quiet.split('\n').find((l) => l.startsWith('Policy **familywise**'))!;
  assert.match(
    line,
    /^Policy \*\*familywise\*\* \(default with 1 base run\): at most α = 0\.05 of pull requests that changed nothing fail\. α is shared by the 3 tasks with a check that can regress \(α \/ 3 = 0\.017 each\)/,
  );
  assert.match(line, /No task was ambiguous after its first round: no confirmation ran\./);
  assert.doesNotMatch(line, /went on to confirmation/);
  assert.match(line, /Between runs: one base run cannot show whether runs differ from day to day/);
  assert.doesNotMatch(quiet, /\*\*Confirmation:\*\*/);
  // The fixed-k gate says the first round was tested, nothing about confirmation.
  const fixed = commentOf(head, compareResults(bases, head, FIXED_K));
  assert.match(fixed, /No confirmation: the first round of each task was tested alone\./);
  // Three base runs given, one of them an outage: the line counts the two used, and the outage is named.
  const outage = {
    ...bases[0]!,
    run: { ...bases[0]!.run, started_at: '2024-12-01T00:00:00Z' },
    tasks: bases[0]!.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, outcome: 'env_error' as const, checks: {} })) })),
  };
  const pooled = commentOf(head, compareResults([bases[0]!, bases[0]!, outage], head));
  assert.match(pooled, /Policy \*\*familywise\*\* \(default with 2 base runs\)/);
  assert.match(pooled, /- base run 1111111 not used: 15 of its 15 trials are environment errors/);
});

test('a head without the confirmation trials its first round asks for: the policy line says so, not that nothing was ambiguous', () => {
  // At α = 0.003 the loss (5/5 → 0/5 of three tasks: the unconditional p, 1/990) is ambiguous, not flagged, after 5 trials.
  const { bases, head } = scenarios.idempotencyRegression();
  const comparison = compareResults(bases, head, { alpha: 0.003 });
  assert.equal(comparison.verdict, 'undecided');
  const line = commentOf(head, comparison)
    .split('\n')
    .find((l) => l.startsWith('Policy **familywise**'))!;
  assert.match(line, /1 task was still ambiguous, but this head holds no more trials of it/);
  assert.doesNotMatch(line, /No task was ambiguous/);
  assert.doesNotMatch(commentOf(head, comparison), /\*\*Confirmation:\*\* 0 extra/);
});

test('a task whose head trials were all env errors reads as undecided, in the trials’ own words, never as suspect', () => {
  const checks = { pass: '111', 'detect:a': '111', 'detect:b': '111', 'constraint:c': '111' };
  const base = buildResults({
    tasks: [
      { id: 'steady', checks },
      { id: 'outage', checks },
    ],
  });
  const head = buildResults({
    sha: 'f'.repeat(40),
    tasks: [
      { id: 'steady', checks },
      { id: 'outage', checks, outcomes: 'ddd', envRule: 'the agent declared that its environment failed', envMessage: 'the provider refused the key: 401' },
    ],
  });
  const c = compareResults([base], head, FIXED_K);
  assert.equal(c.verdict, 'undecided');
  // Its checks decided nothing: counted nowhere but as undecided.
  assert.equal(c.checks.suspect, 0);
  const view = present({ head, comparison: c });
  assert.equal(view.tasks.find((t) => t.task.id === 'outage')!.state, 'undecided');
  const md = commentOf(head, c);
  assert.doesNotMatch(md.split('\n')[2]!, /suspect/, 'the verdict line counts no suspect check');
  assert.match(md, /^- outage: all 3 of its head trials are environment errors the agent declared \(the provider refused the key: 401\)/m);
  assert.match(md, /^\| outage \| undecided \| 3\/3 → 0\/0 \|/m);
  assert.doesNotMatch(md, /#### Suspect/);
  assert.match(md, /<summary><b>outage<\/b> — undecided<\/summary>/);
  assert.match(md, /^\| detection: a \| 3\/3 \| 0\/0 \| undecided \|/m);
});

test('a column that means nothing for the kinds shown is not shown: code tasks detect no defects', async () => {
  const { renderText, REPORTERS } = await import('../src/report/reporters.ts');
  const { wholeRun } = await import('../src/report/view.ts');
  const codeTask = { id: 'vouchers', checks: { pass: '10', reproduction: '10', 'test:core': '11', 'constraint:scope': '11' } };
  const labelled = (r: ReturnType<typeof buildResults>) => ({
    ...r,
    tasks: r.tasks.map((t) => (t.id === 'vouchers' ? { ...t, check_labels: { reproduction: 'retried redemption is idempotent', 'test:core': 'core' } } : t)),
  });
  const code = labelled(buildResults({ tasks: [codeTask] }));
  assert.doesNotMatch(runMarkdownOf(code), /defects detected/);
  const terminal = await renderText(REPORTERS.terminal, present({ ...wholeRun(code), runDir: '.' }));
  assert.match(terminal, /\| task checks +\|/);
  assert.doesNotMatch(terminal, /detections/);
  assert.match(terminal, /reproduction 1\/2, test:core 2\/2/);
  // Beside a task that detects defects, the column is there, blank for the code task.
  const both = labelled(
    buildResults({ tasks: [codeTask, { id: 'inventory', faults: { 'double-reserve': 'duplicate' }, checks: { pass: '11', 'detect:double-reserve': '11' } }] }),
  );
  assert.match(runMarkdownOf(both), /\| defects detected \|/);
  assert.match(runMarkdownOf(both), /defects detected as trials that detected the defect\/executed/);
  assert.match(await renderText(REPORTERS.terminal, present({ ...wholeRun(both), runDir: '.' })), /\| detections \/ task checks +\|/);
  const compared = commentOf(code, compareResults([code], code, FIXED_K));
  assert.doesNotMatch(compared, /defects detected/);
});

test('no baseline: the verdict says the check cannot fail, unless fail-without-baseline makes it fail', async () => {
  const { renderMarkdown } = await import('../src/report/markdown.ts');
  const head = scenarios.noBaseline();
  const comparison = compareResults([], head);
  assert.match(renderMarkdown(present({ head, comparison })), /ℹ️ \*\*no baseline\*\* — head results only; regressions cannot fail this check/);
  const required = renderMarkdown(present({ head, comparison, baselineRequired: true }));
  assert.match(required, /❌ \*\*no baseline\*\* — head results only; this check fails until the base branch has a results artefact/);
  assert.doesNotMatch(required, /cannot fail/);
});

test('the reasons of failing trials are cut at ten, saying how many more there are', () => {
  const base = buildResults({ tasks: [{ id: 't', checks: { pass: '111111111111' } }] });
  const head = buildResults({ sha: '2'.repeat(40), tasks: [{ id: 't', checks: { pass: '000000000000' } }] });
  for (const trial of head.tasks[0]!.trials) trial.layers.final_state.failures = ['the candidate wrote nothing'];
  const md = commentOf(head, compareResults([base], head, FIXED_K));
  assert.match(md, /- trial 10: /);
  assert.doesNotMatch(md, /- trial 11: /);
  assert.match(md, /- … and 2 more trials \(report\.html and results\.json have every one\)/);
});

test('new failures are one note of whole entries that fits the comment, saying how many more there are', async () => {
  const { newFailureNotes } = await import('../src/report/failures.ts');
  const failures = Array.from({ length: 40 }, (_, i) => ({
    signature: `${String(i).padStart(2, '0')}${'a'.repeat(10)}`,
    task: `inventory-reservations-${i}`,
    check: 'detect:double-reserve',
    criterion: 'no assertion failed on double-reserve',
    cause: null,
    occurrence: { evidence: `inventory-reservations-${i}/trial-001` } as never,
  }));
  const [note] = newFailureNotes(failures);
  assert.ok(note!.length <= 600, String(note!.length));
  const { head, bases } = scenarios.noChange();
  const md = commentOf(head, compareResults(bases, head, FIXED_K), { notes: [note!] });
  const line = md.split('\n').find((l) => l.startsWith('* New failures'))!;
  assert.equal(line, `* ${note}`, 'shown whole, never cut');
  const shown = (note!.match(/\(evidence /g) ?? []).length;
  assert.ok(shown >= 2 && shown < 40);
  assert.ok(note!.endsWith(`; and ${40 - shown} more.`), note!.slice(-40));
});

test('an undecided comment’s next step follows the comparison’s recorded next step, never the words of the reason', () => {
  const checks = { pass: '111', 'detect:a': '111' };
  const base = buildResults({ tasks: [{ id: 'outage', checks }] });
  const head = buildResults({
    sha: 'f'.repeat(40),
    tasks: [{ id: 'outage', checks, outcomes: 'ddd', envRule: 'the agent declared that its environment failed', envMessage: 'a maintainer decides' }],
  });
  const c = compareResults([base], head, FIXED_K);
  const task = c.tasks.find((t) => t.id === 'outage')!;
  assert.equal(task.undecided_next, 'rerun', 'an outage is rerun, whatever its message says');
  assert.match(task.undecided!, /a maintainer decides/, 'the reason holds words of another cause');
  const next = (md: string) => /^\*\*Next:\*\* (.*)$/m.exec(md)?.[1] ?? '';
  assert.match(next(commentOf(head, c)), /^rerun the job/);
  const steps = {
    baseline_runs: /^record more baseline runs .*`rerun-base`/,
    baseline_workflow: /^rerun the baseline workflow/,
    max_trials: /^raise `max-trials`/,
    confirm_trials: /^raise `confirm-trials`/,
    confirmation: /^run `trialgate gate`/,
    maintainer: /^a maintainer decides/,
  } as const;
  for (const [step, expected] of Object.entries(steps)) {
    const said = { ...c, tasks: c.tasks.map((t) => (t.id === 'outage' ? { ...t, undecided_next: step as keyof typeof steps } : t)) };
    assert.match(next(commentOf(head, said)), expected, step);
  }
});

test('a pull request whose every head trial is a setup mistake is told to fix it, never to rerun (the gate exits 2 saying so)', () => {
  const checks = { pass: '111', 'test:parse': '111' };
  const base = buildResults({ tasks: [{ id: 'durations', checks }] });
  const missing = 'the agent command names /repo/agent/agnet.py, which does not exist';
  const head = buildResults({ sha: 'f'.repeat(40), tasks: [{ id: 'durations', checks, outcomes: 'ddd', envRule: SETUP_RULE, envMessage: missing }] });
  const c = compareResults([base], head, FIXED_K);
  const task = c.tasks.find((t) => t.id === 'durations')!;
  assert.equal(task.undecided_next, 'fix_setup');
  assert.match(task.undecided!, /agnet\.py, which does not exist/, 'the reason names what to fix');
  const md = commentOf(head, c);
  assert.match(md.split('\n')[2]!, /^⏸️ \*\*undecided — fix the setup\*\* — [^\n]*the check fails until it is fixed/);
  assert.match(/^\*\*Next:\*\* (.*)$/m.exec(md)?.[1] ?? '', /^fix the setup mistake named above .*a rerun fails the same way/);
  assert.doesNotMatch(md, /rerun the job|until a rerun decides/);

  // An outage beside it is still a rerun: the headline says so.
  const outage = buildResults({
    sha: 'f'.repeat(40),
    tasks: [
      { id: 'durations', checks, outcomes: 'ddd', envRule: SETUP_RULE, envMessage: missing },
      { id: 'other', checks, outcomes: 'ddd' },
    ],
  });
  const both = commentOf(
    outage,
    compareResults(
      [
        buildResults({
          tasks: [
            { id: 'durations', checks },
            { id: 'other', checks },
          ],
        }),
      ],
      outage,
      FIXED_K,
    ),
  );
  assert.match(both.split('\n')[2]!, /^⏸️ \*\*undecided — rerun\*\*/);
});

test('trialgate’s own checks are named for what they check, so a bare `format` never sits beside a task’s group of that name', () => {
  const checks = { pass: '000', format: '111', baseline: '111', 'test:format': '000' };
  const labels = { 'test:format': 'hidden tests: format writes the shortest form' };
  const base = buildResults({ tasks: [{ id: 'durations', checks: { ...checks, pass: '111', 'test:format': '111' } }] });
  const head = buildResults({ sha: 'f'.repeat(40), tasks: [{ id: 'durations', checks }] });
  for (const run of [base, head]) run.tasks[0]!.check_labels = labels;
  const rows = commentOf(head, compareResults([base], head, FIXED_K))
    .split('\n')
    .filter((l) => l.startsWith('| '));
  assert.ok(
    rows.some((r) => r.startsWith('| format: the candidate is well-formed | 3/3 | 3/3 |')),
    rows.join('\n'),
  );
  assert.ok(
    rows.some((r) => r.startsWith('| baseline: passes with no defect injected |')),
    rows.join('\n'),
  );
  assert.ok(
    rows.some((r) => r.startsWith('| hidden tests: format writes the shortest form | 3/3 | 0/3 |')),
    rows.join('\n'),
  );
  assert.ok(!rows.some((r) => /^\| (format|baseline) \|/.test(r)), rows.join('\n'));
});

test('an undecided pull request whose tasks all need more base history says so in its headline, never "rerun", which decides nothing there', () => {
  const base = buildResults({ tasks: [{ id: 'tax', checks: { pass: '1' } }] });
  const head = buildResults({ sha: '2'.repeat(40), tasks: [{ id: 'tax', checks: { pass: '0' } }] });
  const c = compareResults([base], head);
  assert.equal(c.tasks[0]!.undecided_next, 'baseline_runs');
  const md = commentOf(head, c);
  assert.match(
    md.split('\n')[2]!,
    /^⏸️ \*\*undecided — more evidence needed\*\* — no regression found, but 1 task cannot be decided; the check fails until more base runs or trials decide; a rerun alone does not — /,
  );
  assert.doesNotMatch(md, /undecided — rerun|until a rerun decides|not a regression; rerun/);
  assert.match(md, /#### Undecided — not a regression; more evidence needed/);
});
