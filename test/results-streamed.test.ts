// A run writes its files from the log of finished trials (results/trial-log.ts, results/write.ts) instead
// of from every trial in memory: the files are exactly those a whole Results would give, and a log changed
// under the run is refused.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { TrialLog, TrialLogChanged } from '../src/results/trial-log.ts';
import { renderText, REPORTERS, writeRunReports } from '../src/report/reporters.ts';
import { present, wholeRun } from '../src/report/view.ts';
import { recordTrialSet } from '../src/trial/run-set.ts';
import { jsonPieces, lazy } from '../src/util/json-stream.ts';
import { readResultsFile } from '../src/results/read.ts';
import { tempDir } from './support/fixtures.ts';
import { writeTrialSet } from './support/trialset.ts';
import { buildResults } from './support/results-builder.ts';

describe('JSON written piece by piece', () => {
  it('is exactly JSON.stringify(value, null, 2), lazy arrays included', () => {
    const items = [{ a: 1, b: [1, 2, { c: 'x\ny' }], skipped: undefined }, 'two', null, [], {}];
    const value = {
      top: 1,
      list: lazy(items),
      nested: { deeper: [lazy([]), lazy([1, [2, 3]]), undefined], empty: lazy([]) },
      gone: undefined,
      text: 'quote " and \\ back',
    };
    const plain = { top: 1, list: items, nested: { deeper: [[], [1, [2, 3]], undefined], empty: [] }, gone: undefined, text: 'quote " and \\ back' };
    assert.equal([...jsonPieces(value)].join(''), JSON.stringify(plain, null, 2));
    assert.equal([...jsonPieces(lazy([]))].join(''), '[]');
    assert.equal([...jsonPieces(42)].join(''), '42');
  });

  it('produces a lazy array only as far as it is read', () => {
    let produced = 0;
    const items = (function* () {
      for (let i = 0; i < 1000; i++) {
        produced++;
        yield { i };
      }
    })();
    const pieces = jsonPieces({ trials: lazy(items) });
    for (let i = 0; i < 6; i++) pieces.next();
    assert.ok(produced <= 3, `only the items written so far were produced (${produced})`);
  });
});

describe('the log of finished trials', () => {
  it('reads every trial back in trial order, and refuses a line changed after it was written', async () => {
    const dir = await tempDir();
    const log = TrialLog.create(dir);
    const [one, two, three] = buildResults({ tasks: [{ id: 'task', checks: { pass: '101' } }] }).tasks[0]!.trials;
    for (const t of [three!, one!, two!]) log.append('task', t);
    assert.deepEqual(
      [...log.trials('task')].map((t) => [t.trial, t.outcome]),
      [
        [1, 'pass'],
        [2, 'fail'],
        [3, 'pass'],
      ],
    );
    assert.throws(() => log.append('task', one!), /trial 1 logged twice/);
    const text = await readFile(log.path, 'utf8');
    await writeFile(log.path, text.replace('"outcome":"fail"', '"outcome":"pass"'));
    assert.throws(
      () => [...log.trials('task')],
      (e: Error) => e instanceof TrialLogChanged && /changed during the run at task task, trial 2/.test(e.message),
    );
    log.close();
  });

  it('keeps in memory a judge answer without its reason and transcript, but the reason of an item not asked', async () => {
    const log = TrialLog.create(await tempDir());
    const trial = buildResults({ tasks: [{ id: 'task', checks: { pass: '1' } }] }).tasks[0]!.trials[0]!;
    const judge = [
      {
        id: 'covers',
        verdict: 'yes' as const,
        reason: 'a long reason quoting the candidate',
        input_tokens: 900,
        output_tokens: 30,
        asked: true,
        cached: false,
        transcript: 'evidence/judge/covers.json',
      },
      {
        id: 'down',
        verdict: 'error' as const,
        reason: 'judge endpoint: could not connect',
        rule: 'the model judge could not be asked',
        asked: false,
        cached: false,
      },
    ];
    const digest = log.append('task', { ...trial, judge });
    assert.deepEqual(digest.judge, [
      { id: 'covers', verdict: 'yes', input_tokens: 900, output_tokens: 30, asked: true, cached: false },
      { id: 'down', verdict: 'error', reason: 'judge endpoint: could not connect', rule: 'the model judge could not be asked', asked: false, cached: false },
    ]);
    assert.deepEqual([...log.trials('task')][0]!.judge, judge, 'the log keeps every answer whole');
    log.close();
  });
});

describe('a run written from its log', () => {
  it('gives the files a whole Results would: results.json, junit.xml, report.md and report.html', async () => {
    const record = await recordTrialSet({ configPath: await writeTrialSet({ trials: 3 }), outDir: join(await tempDir(), 'run'), outputs: writeRunReports });
    const whole = await readResultsFile(record.resultsPath);
    assert.equal(whole.tasks[0]!.trials.length, 3);
    assert.ok(
      whole.tasks[0]!.trials.every((t) => t.judgements.length === 4),
      'every trial kept its judgements',
    );
    assert.equal(await readFile(record.resultsPath, 'utf8'), JSON.stringify(whole, null, 2) + '\n');
    const view = present({ ...wholeRun(whole), runDir: record.runDir });
    for (const [file, reporter] of [
      ['junit.xml', REPORTERS.junit],
      ['report.md', REPORTERS.markdown],
      ['report.html', REPORTERS.html],
    ] as const)
      assert.equal(await readFile(join(record.runDir, file), 'utf8'), await renderText(reporter, view), file);
    // What the run kept in memory is the digest: the same figures without the layers and judgements.
    const digest = record.run.tasks[0]!.trials[0]!;
    assert.equal('layers' in digest || 'judgements' in digest, false);
    assert.deepEqual(record.run.tasks[0]!.summary, whole.tasks[0]!.summary);
  });
});
