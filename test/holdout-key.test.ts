// The holdout's key, pseudonyms and seal, and the comparison's rules for holdout tasks it cannot match: named
// with another key (or none), by their ids, or missing because the source did not run. Each leaves the
// comparison undecided, never passed; with one key on both sides the holdout regression is found as before.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { describe, it } from 'node:test';
import { createGzip } from 'node:zlib';
import { Encrypter } from 'age-encryption';
import { pack } from 'tar-stream';
import { compareResults } from '../src/compare/compare.ts';
import { decideGate } from '../src/gate/verdict.ts';
import { HoldoutKey } from '../src/holdout/key.ts';
import { openSealed, sealDirectory } from '../src/holdout/seal.ts';
import type { Results } from '../src/schemas/results.ts';
import { UserInputError } from '../src/util/errors.ts';
import { writeInside } from '../src/util/safe-write.ts';
import { tempDir } from './support/fixtures.ts';
import { ageKey, HOLDOUT_KEY } from './support/holdout.ts';
import * as scenarios from './support/scenarios.ts';

const key = (value?: string) => HoldoutKey.fromEnvironment('K', value === undefined ? {} : { K: value }, 'trialgate.yml');

describe('pseudonyms', () => {
  it('are stable under one key, differ under another, keep what the comparison gates on, and need a key that is not short', () => {
    const [a, again, other] = [key(HOLDOUT_KEY), key(HOLDOUT_KEY), key(`${HOLDOUT_KEY}-rotated`)];
    assert.equal(a.task('secret-task'), again.task('secret-task'));
    assert.match(a.task('secret-task'), /^holdout-[0-9a-f]{12}$/);
    assert.notEqual(a.task('secret-task'), other.task('secret-task'));
    assert.deepEqual(a.record(), again.record());
    assert.notEqual(a.record().key_id, other.record().key_id);
    assert.equal(a.check('t', 'pass'), 'pass');
    assert.equal(a.check('t', 'env'), 'env');
    assert.match(a.check('t', 'detect:double-reserve'), /^detect:[0-9a-f]{12}$/);
    assert.match(a.check('t', 'judge:cites-sources'), /^judge:[0-9a-f]{12}$/);
    assert.match(a.check('t', 'reproduction'), /^check-[0-9a-f]{12}$/);
    assert.notEqual(a.check('t', 'detect:x'), a.check('u', 'detect:x'), 'the same fault in two tasks gets two names');
    assert.equal(a.value('fixture', 'abc'), again.value('fixture', 'abc'));
    assert.ok(!a.value('fixture', 'abc').includes('abc'));
    // Without the variable: a key of the run's own, never the same twice, never written anywhere.
    const [r1, r2] = [key(), key()];
    assert.equal(r1.record().key, 'run');
    assert.notEqual(r1.task('secret-task'), r2.task('secret-task'));
    assert.deepEqual(r1.scrubbed, []);
    assert.deepEqual(a.scrubbed, [HOLDOUT_KEY]);
    assert.throws(
      () => key('short'),
      (e: unknown) => e instanceof UserInputError && e.field === 'holdout.key_env' && /at least 16/.test(e.message),
    );
  });
});

describe('comparing holdout tasks', () => {
  const withRecord = (r: Results, record: Results['holdout']): Results => ({ ...r, ...(record ? { holdout: record } : {}) });
  const configured = key(HOLDOUT_KEY).record();
  const POLICY = { policy: 'strict' as const };

  it('one key on both sides: the holdout regression fails the gate, counted', () => {
    const { bases, head } = scenarios.holdout();
    const c = compareResults([withRecord(bases[0]!, configured)], withRecord(head, configured), POLICY);
    assert.equal(c.verdict, 'fail');
    assert.equal(c.holdout.checks.regressed, 2);
  });

  it('another key, a key of the run alone, or ids from before results@3: undecided, naming what to set', () => {
    const { bases, head } = scenarios.holdout();
    const cases: [Results['holdout'], Results['holdout'], RegExp][] = [
      [configured, key(`${HOLDOUT_KEY}-rotated`).record(), /another holdout key than the head: set the same key/],
      [configured, key().record(), /the head named its holdout tasks with a key of its own .* set the same holdout key \(TRIALGATE_HOLDOUT_KEY/],
      [undefined, configured, /the base run names its holdout tasks by their ids \(written before results@3\): rerun the baseline workflow/],
    ];
    for (const [baseRecord, headRecord, reason] of cases) {
      const c = compareResults([withRecord(bases[0]!, baseRecord)], withRecord(head, headRecord), POLICY);
      assert.equal(c.verdict, 'undecided', String(reason));
      assert.equal(c.regressions, 0, 'the holdout regression is not found, so the gate cannot pass on it either');
      assert.equal(c.undecided!.holdout_tasks, 2);
      assert.match(c.undecided!.reasons[0]!, reason);
      assert.equal(c.holdout.tasks.removed, 0, 'the base’s holdout tasks are not taken for removed ones');
      assert.ok(decideGate(c, head, { failOn: 'regression', failWithoutBaseline: false }).failure, 'undecided fails the check');
    }
  });

  it('the holdout source did not run on the head, or on the base: undecided, never passed', () => {
    const { bases, head } = scenarios.holdout();
    const devOnly = { ...head, tasks: head.tasks.filter((t) => t.set === 'dev') };
    const missing = compareResults(
      [withRecord(bases[0]!, configured)],
      withRecord(devOnly, { ...configured, unavailable: 'the holdout source was not fetched: a pull request from a fork' }),
      POLICY,
    );
    assert.equal(missing.verdict, 'undecided');
    assert.match(missing.undecided!.reasons[0]!, /did not run on the head \(the holdout source was not fetched: a pull request from a fork\)/);
    assert.equal(missing.undecided!.holdout_tasks, 2);
    const baseDevOnly = { ...bases[0]!, tasks: bases[0]!.tasks.filter((t) => t.set === 'dev') };
    const baseMissing = compareResults(
      [withRecord(baseDevOnly, { ...configured, unavailable: 'the holdout source could not be fetched: HTTP 502' })],
      withRecord(head, configured),
      POLICY,
    );
    assert.equal(baseMissing.verdict, 'undecided');
    assert.match(
      baseMissing.undecided!.reasons[0]!,
      /the base run could not run the holdout source's tasks \(the holdout source could not be fetched: HTTP 502\)/,
    );
  });
});

describe('the seal', () => {
  it('opens with the age CLI and tar as with trialgate; not with another key; an entry that climbs out is refused', async (t) => {
    const dir = await tempDir('trialgate-seal-');
    const detail = join(dir, 'detail');
    await mkdir(detail);
    await writeInside(detail, 'secret-task/trial-001/evidence/agent.log', 'what the agent said\n');
    await writeInside(detail, 'results.json', '{"tasks": []}\n');
    const owner = await ageKey();
    const sealed = join(dir, 'holdout.tar.gz.age');
    await sealDirectory(detail, [owner.recipient], sealed);
    assert.ok(!(await readFile(sealed)).includes('what the agent said'), 'encrypted');

    const opened = join(dir, 'opened');
    assert.deepEqual((await openSealed(sealed, [owner.identity], opened)).sort(), ['results.json', 'secret-task/trial-001/evidence/agent.log']);
    assert.equal(await readFile(join(opened, 'secret-task/trial-001/evidence/agent.log'), 'utf8'), 'what the agent said\n');

    const stranger = await ageKey();
    await assert.rejects(openSealed(sealed, [stranger.identity], join(dir, 'nope')), /sealed to another key/);

    // A hostile archive, sealed to the right key: `../` never leaves the directory it is opened into.
    const tar = pack();
    tar.entry({ name: '../escaped.txt' }, 'out\n');
    tar.finalize();
    const encrypter = new Encrypter();
    encrypter.addRecipient(owner.recipient);
    const hostile = join(dir, 'hostile.age');
    const stream = await encrypter.encrypt(Readable.toWeb(tar.pipe(createGzip())) as ReadableStream<Uint8Array>);
    await pipeline(Readable.fromWeb(stream as never), createWriteStream(hostile));
    await assert.rejects(openSealed(hostile, [owner.identity], join(dir, 'inside')), /not a path below/);
    assert.equal(await stat(join(dir, 'escaped.txt')).catch(() => null), null);

    if (spawnSync('age', ['--version']).status !== 0) return t.skip('the age CLI is not installed (Debian: apt-get install age)');
    const cli = spawnSync('sh', ['-c', `age -d -i "${owner.identityFile}" "${sealed}" | tar -xzO secret-task/trial-001/evidence/agent.log`], {
      encoding: 'utf8',
    });
    assert.equal(cli.status, 0, cli.stderr);
    assert.equal(cli.stdout, 'what the agent said\n');
  });
});
