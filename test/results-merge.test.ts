import assert from 'node:assert/strict';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { appendRound, MergeError, mergeShards } from '../src/results/merge.ts';
import { Results } from '../src/schemas/results.ts';
import { runTrialSet } from '../src/trial/run-set.ts';
import { tempDir } from './support/fixtures.ts';
import { writeTrialSet } from './support/trialset.ts';

// The suite's hostile-agent test edits the acceptance copies it finds at the top of the temporary
// directory; these runs keep theirs one level down, out of its reach.
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-merge-'));

describe('sharded runs and confirmation rounds', async () => {
  const configPath = await writeTrialSet({ trials: 3 });
  const shard = async (index: number) => (await runTrialSet({ configPath, outDir: await tempDir(), shard: { index, count: 2 } })).results;
  const [one, two] = [await shard(1), await shard(2)];

  it('slices task × trial deterministically and merges back to the whole run', () => {
    assert.deepEqual(
      one.tasks[0]!.trials.map((t) => t.trial),
      [1, 3],
    );
    assert.deepEqual(
      two.tasks[0]!.trials.map((t) => t.trial),
      [2],
    );
    const merged = Results.parse(mergeShards([two, one], 2));
    assert.deepEqual(
      merged.tasks[0]!.trials.map((t) => t.trial),
      [1, 2, 3],
    );
    assert.equal(merged.tasks[0]!.summary.n, 3);
    assert.equal(merged.run.shard, undefined);
  });

  it('names a missing or a duplicated shard', () => {
    assert.throws(
      () => mergeShards([one], 2),
      (e: Error) => e instanceof MergeError && /missing shard 2\/2/.test(e.message),
    );
    assert.throws(() => mergeShards([one, one, two], 2), /shard 1\/2 uploaded more than once/);
    assert.throws(() => mergeShards([one, two], 3), /not shard i\/3/);
  });

  it('appends a confirmation round numbered after the first, and refuses a trial seen twice', async () => {
    const whole = mergeShards([one, two], 2);
    const round = (await runTrialSet({ configPath, outDir: await tempDir(), trials: 2, firstTrial: 3 })).results;
    assert.deepEqual(
      round.tasks[0]!.trials.map((t) => t.trial),
      [4, 5],
    );
    const joined = appendRound(whole, round);
    assert.deepEqual(
      joined.tasks[0]!.trials.map((t) => t.trial),
      [1, 2, 3, 4, 5],
    );
    assert.equal(joined.tasks[0]!.summary.n, 5);
    assert.equal(joined.tasks[0]!.summary.k, 3, "k stays the trial set's k");
    assert.throws(() => appendRound(whole, whole), /trial 1 appears twice/);
  });

  it('says a reason every round ran unisolated for once, however many rounds are appended; differing reasons by round', async () => {
    const unisolated = (results: Results, reason = 'bubblewrap is not installed'): Results => {
      const copy = structuredClone(results);
      copy.run.isolation = { mechanism: 'none', reason };
      return copy;
    };
    const round = async (after: number) => unisolated((await runTrialSet({ configPath, outDir: await tempDir(), trials: 1, firstTrial: after })).results);
    const [fourth, fifth] = [await round(3), await round(4)];
    const first = mergeShards([unisolated(one), unisolated(two)], 2);
    assert.deepEqual(first.run.isolation, { mechanism: 'none', reason: 'bubblewrap is not installed' });
    const joined = appendRound(appendRound(first, fourth), fifth);
    assert.deepEqual(joined.run.isolation, { mechanism: 'none', reason: 'bubblewrap is not installed' });
    assert.deepEqual(appendRound(first, unisolated(fifth, 'the kernel forbids user namespaces')).run.isolation, {
      mechanism: 'none',
      reason: 'the first round: bubblewrap is not installed; a confirmation round: the kernel forbids user namespaces',
    });
  });
});

describe('a merge trusts no shard for what it could be wrong about', async () => {
  const configPath = await writeTrialSet({ trials: 3 });
  const shard = async (index: number) => (await runTrialSet({ configPath, outDir: await tempDir(), shard: { index, count: 2 } })).results;
  const [one, two] = [await shard(1), await shard(2)];
  const edited = (results: Results, edit: (r: Results) => void): Results => {
    const copy = structuredClone(results);
    edit(copy);
    return Results.parse(copy);
  };
  const passing = (r: Results, trial: number) => ({ ...structuredClone(r.tasks[0]!.trials[0]!), trial, outcome: 'pass' as const });

  it('refuses a shard holding a trial outside its slice, naming the shard and the trial', () => {
    const forged = edited(one, (r) => r.tasks[0]!.trials.push(passing(one, 2)));
    assert.throws(() => mergeShards([forged, two], 2), /shard 1\/2 holds task inventory trial 2, which is shard 2\/2's to run/);
  });

  it('refuses a shard holding trials past k (16 extra passes)', () => {
    const forged = edited(one, (r) => r.tasks[0]!.trials.push(...Array.from({ length: 16 }, (_, i) => passing(one, 4 + i))));
    assert.throws(() => mergeShards([forged, two], 2), /shard 1\/2 holds task inventory trial 4, past k = 3/);
  });

  it('refuses shards that measured differently: k, seed, budget, acceptor, fixture, commit, trial set, watched files, workflow run, version', () => {
    const cases: [string, (r: Results) => void, RegExp][] = [
      ['k', (r) => (r.run.k = 4), /shard 2\/2 ran k = 4 trials per task, shard 1\/2 k = 3/],
      ['seed', (r) => (r.run.seed = 99), /shard 2\/2 ran with seed 99, shard 1\/2 with 7/],
      ['budget', (r) => (r.tasks[0]!.budget = { wall_seconds: 999 }), /task inventory: budget differs between the parts/],
      ['acceptor', (r) => (r.tasks[0]!.acceptor_version = 'another'), /task inventory: acceptor differs/],
      ['fixture', (r) => (r.tasks[0]!.fixture_sha256 = 'f'.repeat(64)), /task inventory: fixture differs/],
      ['commit', (r) => (r.run.git_sha = 'a'.repeat(40)), /results of different commits/],
      ['trial set', (r) => (r.trial_set.sha256 = 'e'.repeat(64)), /results of different trial sets/],
      ['watched files', (r) => (r.watched.sha256 = 'd'.repeat(64)), /watched files differ/],
      ['tasks', (r) => (r.tasks = []), /shard 2\/2 holds the tasks none, shard 1\/2 inventory \(dev\)/],
      // A shard cherry-picked from another run of the same commit, or made by another trialgate.
      ['workflow run', (r) => (r.run.workflow_run_id = 4242), /results of different workflow runs \(none vs 4242\)/],
      ['trialgate version', (r) => (r.run.tool_version = '0.0.1'), /results of different trialgate versions \(.* vs 0\.0\.1\)/],
    ];
    for (const [what, edit, message] of cases) assert.throws(() => mergeShards([one, edited(two, edit)], 2), message, what);
  });

  it('refuses a results file that calls itself a shard past the count, even one holding no trial', () => {
    const stray = edited(one, (r) => {
      r.run.shard = { index: 3, count: 2 };
      r.tasks[0]!.trials = [];
    });
    assert.throws(() => mergeShards([one, two, stray], 2), /says it is shard 3\/2: a run of 2 shards has shards 1…2/);
  });

  it('carries each shard’s isolation and integrity into the merged run: the weakest shard decides, and is named', () => {
    const unisolated = edited(one, (r) => (r.run.isolation = { mechanism: 'none', reason: 'bubblewrap is not installed' }));
    const broken = edited(two, (r) => {
      r.run.isolation = { mechanism: 'bubblewrap' };
      r.run.integrity_error = 'the acceptance copy of task inventory changed during the run';
      for (const t of r.tasks[0]!.trials) t.outcome = 'pass';
    });
    const merged = Results.parse(mergeShards([unisolated, broken], 2));
    assert.deepEqual(merged.run.isolation, { mechanism: 'none', reason: 'shard 1/2: bubblewrap is not installed' });
    assert.equal(merged.run.integrity_error, 'shard 2/2: the acceptance copy of task inventory changed during the run');
    assert.ok(
      merged.tasks[0]!.trials.every((t) => t.outcome !== 'pass'),
      'no trial of a run with an integrity error passes',
    );
    assert.deepEqual(
      merged.run.shards!.map((s) => [s.index, s.isolation?.mechanism, s.integrity_error !== undefined]),
      [
        [1, 'none', false],
        [2, 'bubblewrap', true],
      ],
    );
    const silent = edited(one, (r) => delete r.run.isolation);
    assert.match(mergeShards([silent, two], 2).run.isolation!.reason!, /shard 1\/2: its isolation is not recorded/);
  });
});

describe('merging the shards of a task whose faults are not detections', () => {
  it('counts only the detections the shards counted (a tools task’s boundaries are checks)', () => {
    const shard = (index: number, trial: number): Results =>
      Results.parse({
        schema: 'trialgate/results@2',
        trial_set: { name: 'ops', sha256: 'a' },
        run: {
          git_sha: null,
          ref: null,
          tool_version: 't',
          started_at: 's',
          finished_at: 'f',
          seed: 1,
          k: 2,
          shard: { index, count: 2 },
          isolation: { mechanism: 'bubblewrap' },
        },
        watched: { sha256: 'w', files: {} },
        agent: { command: 'agent' },
        tasks: [
          {
            id: 'ops',
            set: 'dev',
            fixture: 'f',
            fixture_sha256: 'x',
            acceptor_version: 'tools@1',
            budget: { wall_seconds: 60 },
            faults: [{ id: 'lost-response', label: 'a response lost after the side effect' }],
            trials: [
              {
                trial,
                outcome: 'pass',
                stop_reason: 'completed',
                layers: { final_state: { ok: true }, constraints: { ok: true }, tool_contract: { ok: true }, trajectory: {} },
                judgements: [],
                checks: { pass: true, 'tool:lost-response': true },
                wall_ms: 1,
                evidence: `ops/trial-00${trial}`,
              },
            ],
            summary: {
              k: 2,
              n: 1,
              launched: 1,
              passes: 1,
              pass_at_1: 1,
              pass_at_k: null,
              pass_pow_k: null,
              detections: {},
              env_errors: 0,
              unexecuted: 0,
              wall_ms: 1,
            },
          },
        ],
      });
    const merged = mergeShards([shard(1, 1), shard(2, 2)], 2);
    assert.deepEqual(merged.tasks[0]!.summary.detections, {});
    assert.equal(merged.tasks[0]!.summary.passes, 2);
  });
});
