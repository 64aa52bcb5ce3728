// The semantic layer in real runs of the built-in inventory task: the example as a user meets it
// (calibrate, run base and head, compare: the judged regression beside the programmatic one, the item that
// is not calibrated shown with the reason), pairwise base against head with the swap catching a
// position-biased judge, and a judge that times out, answers malformed JSON or must not leak its key.
import assert from 'node:assert/strict';
import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { main } from '../src/cli/main.ts';
import { commentOf } from './support/outputs.ts';
import { compareResults } from '../src/compare/compare.ts';
import { JudgeConfig, type TaskJudge } from '../src/schemas/judge.ts';
import { Results } from '../src/schemas/results.ts';
import { judgePairwise } from '../src/semantic/pairwise.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';
import { flawedJudges } from './support/judges.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';

/** The fixed-k gate: no confirmation, the first round tested (compare.ts); these tests are about what it shows. */
const FIXED_K = { confirmTrials: 0 } as const;

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory (that is what it demonstrates); these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-judge-run-'));

const TASK = 'inventory-reservations';
const repo = parse(await readFile(join(ROOT, 'trialgate.yml'), 'utf8')) as { judge: Record<string, unknown>; tasks: { judge: TaskJudge }[] };
/** The repository's own judge items, pointed at the fixture copy a test project holds. */
const items = repo.tasks[0]!.judge.items;
const scriptedJudge = { model: repo.judge.model, command: 'node fixture/judge/scripted-judge.mjs', calibration: 'fixture/judge/calibration.json' };
const task = (judge: Partial<TaskJudge> = {}) => [
  { id: TASK, set: 'dev', fixture: 'fixture', acceptance: 'http-cases', judge: { labels: 'fixture/judge/labels', items, ...judge } },
];
const skill = await readFile(BUILTIN_SKILL, 'utf8');
const withoutIdempotency = skill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');

const flawed = flawedJudges();

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('the example: a judged regression beside the programmatic one', () => {
  const runs: { base?: { config: string; out: string }; head?: { config: string; out: string } } = {};

  it('calibrate, run base and head, compare: covers-idempotency regresses gated; covers-rejected-writes is shown, not gated, and says why', async () => {
    const base = { config: await writeTrialSet({ trials: 2, extra: { judge: scriptedJudge, tasks: task() } }), out: await tempDir() };
    const head = {
      config: await writeTrialSet({ trials: 2, skill: withoutIdempotency, extra: { judge: scriptedJudge, tasks: task() } }),
      out: await tempDir(),
    };
    Object.assign(runs, { base, head });

    const misspelt = captureIo();
    assert.equal(await main(['calibrate', '--config', base.config, '--task', 'inventory-reservatons'], misspelt), 2);
    assert.match(misspelt.err, /--task inventory-reservatons: no such task in \S+trialgate\.yml: did you mean inventory-reservations\?/);
    const calibrated = captureIo();
    assert.equal(await main(['calibrate', '--config', base.config], calibrated), 1, calibrated.err);
    assert.match(calibrated.out, /\| inventory-reservations \| covers-idempotency +\| 27 +\| 89% +\| 0\.77 \| 3 +\| gates/);
    assert.match(
      calibrated.out,
      /covers-rejected-writes +\| 27 +\| 74% +\| 0\.45 \| 7 +\| not gated, because its agreement with people, κ = 0\.45 over 27 labels, is below judge\.gate\.min_kappa = 0\.6/,
    );
    assert.match(calibrated.out, /covers-ledger +\| 27 +\| 89% +\| 0\.76/);
    const disagreements = await readFile(join(dirname(base.config), 'fixture/judge/calibration-disagreements.md'), 'utf8');
    assert.match(disagreements, /samples\/s16 \| no \| yes \| idempotency is mentioned/);

    const runIo = captureIo();
    assert.equal(await main(['run', '--config', base.config, '--out', base.out], runIo), 0, runIo.err);
    assert.match(runIo.out, /model judge \(scripted-judge-1\) on inventory-reservations: 3 calls, 3 answers from the cache/);
    assert.equal(await main(['run', '--config', head.config, '--out', head.out], captureIo()), 0);

    const io = captureIo();
    // The fixed-k gate (no confirmation): what this test looks at is the judge's part of the comment.
    assert.equal(
      await main(
        ['compare', '--base', join(base.out, 'results.json'), '--head', join(head.out, 'results.json'), '--confirm-trials', '0', '--policy', 'strict'],
        io,
      ),
      1,
      io.err,
    );
    assert.match(io.out, /lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 2\/2 \| 0\/2 \|/);
    assert.match(io.out, /lost model judge: covers-idempotency \| 2\/2 \| 0\/2 \|/);
    assert.match(io.out, /#### Model judge \(scripted-judge-1\): a model's answers, not facts/);
    assert.match(
      io.out,
      /covers-rejected-writes: .* \| 2\/2 → 2\/2 \| unchanged \(not gated\) \| yes 2 · no 0 \| not gated, because its agreement with people, κ = 0\.45 over 27 labels, is below judge\.gate\.min\\_kappa = 0\.6 \|/,
    );
    assert.match(
      io.out,
      /covers-idempotency: .* \| 2\/2 → 0\/2 \| regressed \| yes 0 · no 2 \| gates: κ = 0\.77, accuracy 89% over 27 labels, model scripted-judge-1 \|/,
    );
    assert.doesNotMatch(io.out, /lost model judge: covers-(ledger|rejected-writes)/);

    // The evidence: a transcript per item, the run's cache, and what results.json records of the judge.
    const results = Results.parse(JSON.parse(await readFile(join(head.out, 'results.json'), 'utf8')));
    const t = results.tasks[0]!;
    assert.deepEqual(Object.keys(t.ungated ?? {}), ['judge:covers-rejected-writes']);
    assert.match(t.check_versions!['judge:covers-idempotency']!, /^model scripted-judge-1, prompt [0-9a-f]{12}$/);
    assert.deepEqual(
      t.trials[0]!.judge!.map((r) => [r.id, r.verdict]),
      [
        ['covers-idempotency', 'no'],
        ['covers-rejected-writes', 'yes'],
        ['covers-ledger', 'yes'],
      ],
    );
    const transcript = JSON.parse(await readFile(join(head.out, t.trials[0]!.evidence, 'evidence/judge/covers-idempotency.json'), 'utf8'));
    assert.equal(transcript.messages[0].role, 'system');
    assert.match(transcript.messages[1].content, /<<<evidence reports\/none\.json #/);
    assert.ok((await readdir(join(head.out, 'judge-cache'))).includes('spent.json'));
  });

  it('pairwise on those runs: a fair judge prefers the base in both orders; the position-biased one is caught by the swap and counts for neither', async () => {
    assert.ok(runs.base && runs.head, 'the runs of the test before');
    const set = await loadTrialSet(runs.head.config);
    const specs = set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind }));
    const read = async (out: string) => ({ dir: out, results: Results.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8'))) });
    const [base, head] = [await read(runs.base.out), await read(runs.head.out)];
    const pairwise = (judge: JudgeConfig) =>
      judgePairwise({
        judge,
        projectDir: set.dir,
        tasks: specs,
        head,
        bases: [base],
        cacheDir: join(runs.head!.out, `cache-${judge.model}`),
        scrubber: Scrubber.none,
      });

    const fair = await pairwise(set.config.judge!);
    assert.deepEqual(
      fair!.items.map((i) => [i.item, i.pairs, i.base, i.head, i.inconsistent]),
      [['covers-idempotency', 2, 2, 0, 0]],
    );
    // A task the head did not rerun has no candidate to pair: it is left out, never shown as pairs that were not asked.
    const unaffected = { ...head, results: { ...head.results, tasks: head.results.tasks.map((t) => ({ ...t, trials: [], not_rerun: 'unaffected' })) } };
    const none = await judgePairwise({
      judge: set.config.judge!,
      projectDir: set.dir,
      tasks: specs,
      head: unaffected,
      bases: [base],
      cacheDir: join(runs.head.out, 'cache-not-rerun'),
      scrubber: Scrubber.none,
    });
    assert.deepEqual(none!.items, []);
    assert.equal(fair!.models[0]!.inconsistent, 0);
    const pair = JSON.parse(await readFile(join(runs.head.out, 'pairwise', TASK, 'covers-idempotency', 'pair-1.json'), 'utf8'));
    assert.deepEqual(
      pair.orders.map((o: { position: string }) => o.position),
      ['A', 'B'],
    );

    const biased = await flawed('first-position');
    const caught = await pairwise(JudgeConfig.parse({ model: 'always-first', base_url: biased.url }));
    assert.deepEqual(
      caught!.items.map((i) => [i.pairs, i.base, i.head, i.inconsistent, i.first_position]),
      [[2, 0, 0, 2, 2]],
    );
    assert.deepEqual(caught!.models, [{ model: 'always-first', answered: 2, inconsistent: 2, first_position: 2, second_position: 0 }]);
    // Both orders asked; the deterministic agent's second pair is the same prompt again, answered from the cache.
    assert.equal(biased.requests.length, 2);
    assert.notEqual(biased.requests[0]!.body.messages[1]!.content, biased.requests[1]!.body.messages[1]!.content);
    for (const r of biased.requests)
      assert.doesNotMatch(r.body.messages.map((m) => m.content).join('\n'), /\bbase\b|\bhead\b|trial-00\d/i, 'blind: nothing names a side');

    const comparison = { ...compareResults([base.results], head.results, FIXED_K), pairwise: caught! };
    const markdown = commentOf(head.results, comparison);
    assert.match(markdown, /#### Model judge: base against head \(blind, both orders\)/);
    assert.match(markdown, /\| inventory-reservations \| covers-idempotency \| 2 \| 0 \| 0 \| 0 \| 2 \(2 first position\) \| 0 \| 0 \|/);
    assert.match(
      markdown,
      /always-first: 2 of 2 pairs answered in both orders were inconsistent \(it chose the first position both times in 2\) ⚠️ position bias/,
    );
  });
});

describe('a judge that fails is never the agent’s failure', () => {
  it('a judge that times out: the trial passes on its evidence, its judge items are left out as environment errors', async () => {
    const j = await flawed('timeout');
    const config = await writeTrialSet({ trials: 1, extra: { judge: { model: 'slow', base_url: j.url, timeout_seconds: 0.3 }, tasks: task() } });
    const out = await tempDir();
    const io = captureIo();
    assert.equal(await main(['run', '--config', config, '--out', out], io), 0, io.err);
    const results = Results.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
    const trial = results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'pass');
    assert.deepEqual(
      Object.keys(trial.checks).filter((c) => c.startsWith('judge:')),
      [],
    );
    assert.deepEqual(
      trial.judge!.map((r) => r.verdict),
      ['error', 'error', 'error'],
    );
    assert.ok(trial.layers.trajectory.notes.some((n) => /^env error \(judge\): covers-idempotency not judged: .*no answer within 0\.3 s/.test(n)));
    assert.equal(results.tasks[0]!.summary.judge!.items['covers-idempotency']!.errors, 1);
    assert.match(io.out, /not asked \(environment, excluded\): .*no answer within 0\.3 s/);
  });

  it('a judge that answers malformed JSON: undetermined, never a pass; its key is sent and written nowhere', async () => {
    const j = await flawed('malformed');
    const key = 'sk-judge-secret-value-5f3a9c';
    process.env.TRIALGATE_TEST_JUDGE_KEY = key;
    try {
      const config = await writeTrialSet({
        trials: 1,
        extra: { judge: { model: 'sloppy', base_url: j.url, api_key_env: 'TRIALGATE_TEST_JUDGE_KEY' }, tasks: task() },
      });
      const out = await tempDir();
      assert.equal(await main(['run', '--config', config, '--out', out], captureIo()), 0);
      const results = Results.parse(JSON.parse(await readFile(join(out, 'results.json'), 'utf8')));
      const trial = results.tasks[0]!.trials[0]!;
      assert.equal(trial.outcome, 'pass', 'the judge never changes whether a trial passed');
      assert.deepEqual(
        Object.entries(trial.checks).filter(([c]) => c.startsWith('judge:')),
        [
          ['judge:covers-idempotency', false],
          ['judge:covers-rejected-writes', false],
          ['judge:covers-ledger', false],
        ],
      );
      assert.ok(trial.judge!.every((r) => r.verdict === 'undetermined' && /malformed output/.test(r.reason)));
      assert.ok(j.requests.every((r) => r.authorization === `Bearer ${key}`));
      for (const file of [...(await filesUnder(out)), ...(await filesUnder(dirname(config)))]) {
        assert.ok(!(await readFile(file)).includes(key), `${file} holds the judge's key`);
      }
    } finally {
      delete process.env.TRIALGATE_TEST_JUDGE_KEY;
    }
  });

  it('a confirmation round shares the run’s judge cache: the same prompts are not asked again', async () => {
    const j = await flawed('fair');
    const config = await writeTrialSet({ trials: 1, extra: { judge: { model: 'fair', base_url: j.url }, tasks: task() } });
    const first = await runTrialSet({ configPath: config, outDir: await tempDir() });
    assert.equal(j.requests.length, 3, 'one call per item');
    const round = await runTrialSet({
      configPath: config,
      outDir: join(first.runDir, 'confirmation-1'),
      firstTrial: 1,
      judgeCache: join(first.runDir, 'judge-cache'),
    });
    assert.equal(j.requests.length, 3, 'the round asked nothing new');
    assert.deepEqual(
      round.results.tasks[0]!.trials[0]!.judge!.map((r) => r.cached),
      [true, true, true],
    );
    assert.equal(round.results.tasks[0]!.summary.judge!.tokens, 0);
  });
});
