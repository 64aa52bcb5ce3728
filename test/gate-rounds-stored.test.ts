// The gate holds every round as recordTrialSet returns it (results/stored-run.ts): digests in memory, each
// trial read from its round's results.json by its place when asked. The head's merged results.json (and
// base-commit/'s) is streamed from the rounds' files: byte for byte what reading every round whole, joining
// and writing them gave, and a round's file is never parsed whole.
import assert from 'node:assert/strict';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { readResultsFile } from '../src/results/read.ts';
import type { ConfirmationRound } from '../src/compare/confirm.ts';
import { runConfirmationRound, savePairedBase, storedRecord, trialRunner } from '../src/gate/trials.ts';
import { appendRound } from '../src/results/merge.ts';
import { appendStored, digestOf, evidenceUnder, storedAt, writeStored } from '../src/results/stored-run.ts';
import { writeResults } from '../src/results/write.ts';
import type { Results } from '../src/schemas/results.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { tempDir } from './support/fixtures.ts';
import { buildResults } from './support/results-builder.ts';
import { writeTrialSet } from './support/trialset.ts';

/** A round's whole results with their evidence under `dir`: what the gate joined before it held digests. */
const movedWhole = (dir: string, r: Results): Results => ({
  ...r,
  tasks: r.tasks.map((t) => ({ ...t, trials: t.trials.map((x) => ({ ...x, evidence: `${dir}/${x.evidence}` })) })),
});

describe('the rounds of a gate, held as digests', () => {
  it('write the head’s results.json (over the first round’s own) and base-commit/’s exactly as joining whole results did', async () => {
    const runDir = join(await tempDir(), 'run');
    const run = trialRunner({ configPath: await writeTrialSet({ trials: 2 }) });
    const first = storedRecord(await run({ outDir: runDir }));
    const tasks = first.run.tasks.map((t) => t.id);
    const round: ConfirmationRound = { look: 1, name: 'confirmation-3-3', trials: 1, firstTrial: 2, tasks, baseTrials: 0, baseFirstTrial: 0 };
    const second = await runConfirmationRound(run, runDir, first.run, round);

    // What the gate wrote before: every round read whole, joined, written from memory.
    const [wholeFirst, wholeSecond] = [await readResultsFile(join(runDir, 'results.json')), await readResultsFile(join(runDir, round.name, 'results.json'))];
    const reference = await tempDir();
    const joined = appendRound(wholeFirst, { ...movedWhole(round.name, wholeSecond), run: { ...wholeSecond.run, k: wholeFirst.run.k } });
    await writeResults(reference, joined, Scrubber.none);

    const head = await writeStored(runDir, appendStored(first, second), Scrubber.none);
    assert.equal(await readFile(join(runDir, 'results.json'), 'utf8'), await readFile(join(reference, 'results.json'), 'utf8'));
    // Memory held digests only: no trial's layers or judgements, every one of them read back from the file written.
    assert.doesNotMatch(JSON.stringify(head.run), /"layers"|"judgements"/);
    assert.deepEqual(
      [...head.trials(tasks[0]!)].map((t) => [t.trial, t.evidence, t.judgements.length > 0]),
      joined.tasks[0]!.trials.map((t) => [t.trial, t.evidence, true]),
    );

    // The paired base's file the same way: its rounds' evidence made relative to base-commit/ again.
    const base = evidenceUnder('base-commit/confirmation-3-3', storedAt(join(runDir, round.name, 'results.json'), digestOf(wholeSecond)));
    await mkdir(join(runDir, 'base-commit'));
    await savePairedBase(runDir, base, Scrubber.none);
    const referenceBase = join(reference, 'base-commit');
    await mkdir(referenceBase);
    await writeResults(referenceBase, movedWhole('confirmation-3-3', wholeSecond), Scrubber.none);
    assert.equal(await readFile(join(runDir, 'base-commit', 'results.json'), 'utf8'), await readFile(join(referenceBase, 'results.json'), 'utf8'));
  });
});

describe('a round’s results.json, read by its trials’ places', () => {
  const results = buildResults({
    tasks: [
      { id: 'a', checks: { pass: '10' } },
      { id: 'b', checks: { pass: '11' } },
    ],
  });

  it('reads one task’s trials without parsing another’s: a broken trial of b does not stop a from being read', async () => {
    const dir = await tempDir();
    const path = join(dir, 'results.json');
    const text = JSON.stringify(results, null, 2);
    // Task b's second trial says an outcome no schema allows: only reading b's trials meets it.
    const broken = text.replace(/("evidence": "b\/trial-002")/, '$1,\n          "outcome": "exploded"');
    assert.notEqual(broken, text);
    await writeFile(path, `${broken}\n`);
    const stored = storedAt(path, digestOf(results));
    assert.deepEqual(
      [...stored.trials('a')].map((t) => [t.trial, t.outcome]),
      [
        [1, 'pass'],
        [2, 'fail'],
      ],
    );
    const b = stored.trials('b')[Symbol.iterator]();
    assert.equal(b.next().value?.trial, 1, 'b’s first trial is read before its second is parsed');
    assert.throws(() => b.next(), /outcome/);
  });

  it('refuses a file that is not the run’s as written, and one replaced after it was indexed', async () => {
    const dir = await tempDir();
    const path = join(dir, 'results.json');
    await writeFile(path, `${JSON.stringify(results, null, 2)}\n`);
    const fewer = { ...results, tasks: results.tasks.map((t) => (t.id === 'b' ? { ...t, trials: t.trials.slice(0, 1) } : t)) };
    assert.throws(() => storedAt(path, digestOf(fewer)), /task b holds 2 trials where its run recorded 1/);
    // One line, as another writer would give it: no trial is where this layer writes it.
    await writeFile(join(dir, 'flat.json'), JSON.stringify(results));
    assert.throws(() => storedAt(join(dir, 'flat.json'), digestOf(results)), /task a holds 0 trials where its run recorded 2/);
    const stored = storedAt(path, digestOf(results));
    await writeFile(join(dir, 'other.json'), `${JSON.stringify(results, null, 2)}\n\n`);
    await rename(join(dir, 'other.json'), path);
    assert.throws(() => [...stored.trials('a')], /changed after the gate read it/);
  });
});
