// What ends a trial is told apart honestly: the agent's doing is the agent's failure (a candidate it
// locked with chmod 000, a trial directory it deleted), the environment's is an environment error, and an
// error trialgate did not expect stops the run loudly, naming the trial, instead of being filed as an
// environment error that takes the trial out of the pass rate. Whatever ended it, links are removed and
// secrets scrubbed.
import assert from 'node:assert/strict';
import { cp, lstat, mkdir, mkdtemp, readdir, readFile, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { stringify } from 'yaml';
import { NO_LIMITS, readCandidate } from '../src/acceptance/snapshot.ts';
import { main } from '../src/cli/main.ts';
import { copyFixture } from '../src/fixture/load.ts';
import { openSandbox } from '../src/isolation/open.ts';
import type { BoundKind } from '../src/kinds/contract.ts';
import { runTrial, type RunContext } from '../src/trial/run-trial.ts';
import { loadTrialSet } from '../src/trial/trialset.ts';
import { freshServices } from '../src/service/pool.ts';
import { Permits } from '../src/util/permits.ts';
import { mapPool } from '../src/util/pool.ts';
import { Scrubber } from '../src/util/scrub.ts';
import { ROOT, tempDir } from './support/fixtures.ts';
import { foundBy, runHostile } from './support/hostile.ts';
import { captureIo } from './support/io.ts';
import { NO_ISOLATION } from './support/isolation.ts';
import { writeTrialSet } from './support/trialset.ts';
import { runAsUser } from './support/unprivileged.ts';

// An ordinary user cannot enter a temporary directory of root's: that test's project sits in the system's.
const SYSTEM_TMP = tmpdir();
process.env.TMPDIR = await mkdtemp(join(tmpdir(), 'trialgate-errors-'));
const SECRET = 'hostile-secret-value-0123456789';

async function allEntries(dir: string): Promise<string[]> {
  return (await readdir(dir, { recursive: true })).map(String);
}

describe('a candidate the agent made unreadable (unisolated, as an ordinary user)', () => {
  it('is the candidate’s failure (a constraint), never an environment error; its link is removed and its secret scrubbed', async () => {
    const dir = await mkdtemp(join(SYSTEM_TMP, 'trialgate-locked-'));
    await mkdir(join(dir, 'tmp'));
    await cp(join(ROOT, 'fixtures', 'inventory'), join(dir, 'fixture'), { recursive: true });
    await mkdir(join(dir, 'hostile'));
    await cp(fileURLToPath(new URL('./support/hostile-agent.mjs', import.meta.url)), join(dir, 'hostile', 'hostile-agent.mjs'));
    await writeFile(
      join(dir, 'trialgate.yml'),
      stringify({
        version: 1,
        name: 'locked',
        trials: 1,
        budget: { wall_seconds: 30 },
        agent: {
          command: 'node "$TRIALGATE_PROJECT/hostile/hostile-agent.mjs"',
          env: { HOSTILE_MODE: 'lock-candidate' },
          pass_env: ['HOSTILE_SECRET'],
          files: ['fixture/agent', 'hostile'],
          isolation: 'none',
        },
        watch: ['fixture/agent/skills/**'],
        tasks: [{ id: 'inventory', fixture: 'fixture' }],
      }),
    );
    const run = await runAsUser(dir, ['run', '--out', join(dir, 'run')], { HOSTILE_SECRET: SECRET, TMPDIR: join(dir, 'tmp') });
    assert.equal(run.status, 0, run.stderr);
    const results = JSON.parse(await readFile(join(dir, 'run', 'results.json'), 'utf8'));
    const trial = results.tasks[0].trials[0];
    assert.equal(trial.outcome, 'fail', JSON.stringify(trial.layers));
    assert.equal(trial.checks['constraint:no-links'], false);
    const constraints = trial.layers.constraints.failures.join('\n');
    assert.match(constraints, /candidate\/cases\.json was left unreadable \(mode 000\)/);
    assert.match(constraints, /candidate\/notes was left unlistable \(mode 000\)/);
    const trialDir = join(dir, 'run', trial.evidence);
    const entries = await allEntries(trialDir);
    assert.ok(!entries.includes('candidate/notes/leak'), 'the link inside the locked directory was removed');
    assert.match(trial.layers.trajectory.notes.join('\n'), /removed 1 link or special file the agent left: .*candidate\/notes\/leak/);
    const secretFile = await readFile(join(trialDir, 'candidate', 'notes', 'secret.txt'), 'utf8');
    assert.ok(!secretFile.includes(SECRET), 'the secret in the locked directory was scrubbed');
  });
});

describe('names no reader can reach: not UTF-8, or nested past PATH_MAX', () => {
  for (const isolation of ['none', 'required'] as const) {
    it(
      `${isolation}: the candidate's failure, each named and removed; the run goes on and writes its results`,
      { skip: isolation === 'required' && NO_ISOLATION },
      async () => {
        const run = await runHostile('unreadable-names', isolation);
        assert.match(await foundBy(run), /nest past PATH_MAX: ok/);
        const trial = run.results.tasks[0]!.trials[0]!;
        assert.equal(trial.outcome, 'fail', JSON.stringify(trial.layers));
        assert.equal(trial.env_error, undefined);
        const constraints = trial.layers.constraints.failures.join('\n');
        assert.match(constraints, /candidate\/bad-\uFFFD+ has a name that is not UTF-8/);
        assert.match(constraints, /evidence\/bad-\uFFFD has a name that is not UTF-8|evidence\/bad-\uFFFD/);
        assert.match(constraints, /candidate(\/d+)+ holds entries nested past 2048 bytes of path: removed/);
        for (const file of ['results.json']) assert.ok((await lstat(join(run.runDir, file))).isFile(), file);
        const left = await allEntries(join(run.runDir, trial.evidence));
        assert.ok(!left.some((e) => e.includes('bad-') || e.includes('deep.txt')), left.join('\n'));
      },
    );
  }
});

describe('unisolated, an agent that removes what the runner keeps', () => {
  it('deleting its evidence/ directory: the runner writes its evidence anew; the trial is judged as any other', async () => {
    const run = await runHostile('delete-evidence', 'none');
    const trial = run.results.tasks[0]!.trials[0]!;
    assert.notEqual(trial.outcome, 'env_error', JSON.stringify(trial.layers));
    assert.match(await foundBy(run), /delete evidence\/: ok/);
    assert.ok((await lstat(join(run.runDir, trial.evidence, 'evidence', 'verdict.json'))).isFile());
  });

  it('deleting its whole trial directory: the agent’s failure (its inputs are gone), never an environment error', async () => {
    const run = await runHostile('delete-trial', 'none');
    const trial = run.results.tasks[0]!.trials[0]!;
    assert.equal(trial.outcome, 'fail', JSON.stringify(trial.layers));
    assert.equal(trial.checks['constraint:protected-files'], false);
    assert.match(trial.layers.constraints.failures.join('\n'), /deleted the trial directory \(trial input\)/);
    assert.match(trial.layers.constraints.failures.join('\n'), /deleted task\.txt \(trial input\)/);
  });

  it('replacing the task directory with a file: the run stops loudly, naming the trial', async () => {
    const { code, io } = await runReplacingTaskDir();
    assert.equal(code, 2, io.out);
    assert.match(io.err, /internal error: the run stopped at task inventory trial 1: ENOTDIR/);
  });
});

describe('an unexpected error in a holdout trial', () => {
  it('stops the run naming the task by its pseudonym, never its id, its files or its cause', async () => {
    const { code, io } = await runReplacingTaskDir({ tasks: [{ id: 'withheld-audit-task', set: 'holdout', fixture: 'fixture', acceptance: 'http-cases' }] });
    assert.equal(code, 2, io.out);
    assert.match(io.err, /internal error: the run stopped at holdout task holdout-[0-9a-f]{12} trial 1: /);
    assert.doesNotMatch(io.out + io.err, /withheld-audit-task|ENOTDIR/);
  });
});

/** `trialgate run` of an unisolated agent that replaces the task directory (every trial's parent) with a file: a bug's stand-in. */
async function runReplacingTaskDir(extra?: Record<string, unknown>) {
  const config = await writeTrialSet({
    command: 'node "$TRIALGATE_PROJECT/hostile/hostile-agent.mjs"',
    env: { HOSTILE_MODE: 'replace-task-dir' },
    agent: { isolation: 'none', files: ['fixture/agent', 'hostile'] },
    ...(extra ? { extra } : {}),
  });
  const project = join(config, '..');
  await mkdir(join(project, 'hostile'));
  await cp(fileURLToPath(new URL('./support/hostile-agent.mjs', import.meta.url)), join(project, 'hostile', 'hostile-agent.mjs'));
  const io = captureIo();
  const code = await main(['run', '--config', config, '--out', join(await tempDir(), 'run')], io);
  return { code, io };
}

describe('an error reading the candidate that is not the candidate’s doing', () => {
  it('is thrown, never filed against the candidate as a file that “changed or vanished”', async () => {
    // A 5 GiB sparse file read without limits (validate --candidate): more than the runner can hold.
    const dir = await tempDir();
    await writeFile(join(dir, 'cases.json'), '{}');
    await writeFile(join(dir, 'huge.bin'), '');
    await truncate(join(dir, 'huge.bin'), 5 * 1024 ** 3);
    await assert.rejects(readCandidate(dir, NO_LIMITS), (e: Error) => e instanceof RangeError);
  });
});

describe('an error trialgate did not expect', () => {
  it('in a kind: thrown out of the trial (never an env_error result), after the links are removed and the secrets scrubbed', async () => {
    const config = await writeTrialSet();
    const set = await loadTrialSet(config);
    const task = set.tasks[0]!;
    const work = await tempDir();
    const runDir = join(work, 'run');
    await mkdir(join(runDir, task.spec.id), { recursive: true });
    const sandbox = await openSandbox('none');
    const buggy: BoundKind = {
      ...task.kind,
      run: async (trial) => {
        await trial.runAgent();
        throw new TypeError('a bug in the kind');
      },
    };
    const run: RunContext = {
      runDir,
      sandbox,
      scrubber: new Scrubber([SECRET]),
      budget: set.config.budget,
      limits: set.config.limits,
      network: 'host',
      logCapBytes: 1 << 20,
      permits: new Permits(1),
      conceal: [],
      verifyAcceptanceCopy: async () => {},
      projectChanges: async () => [],
      config: {
        k: 1,
        budget: set.config.budget,
        tool_versions: { trialgate: 'test', node: process.version },
        git_sha: null,
        run_seed: 1,
        isolation: sandbox.report,
      },
    };
    try {
      await assert.rejects(
        runTrial({
          run,
          task: { ...task, kind: buggy },
          agent: {
            command: `ln -s /etc/hostname "$TRIALGATE_CANDIDATE/leak" && echo "${SECRET}" > "$TRIALGATE_CANDIDATE/key.txt"`,
            env: { PATH: process.env.PATH ?? '/usr/bin:/bin' },
            files: [],
            recorded: { agent_command: 'the command above', watched: { sha256: '0'.repeat(64), files: {} } },
          },
          acceptanceCopy: await copyFixture(task.fixture, join(work, 'copy')),
          trial: 1,
          seed: 1,
          services: freshServices(sandbox),
        }),
        /a bug in the kind/,
      );
    } finally {
      await sandbox.dispose();
    }
    const trialDir = join(runDir, task.spec.id, 'trial-001');
    assert.ok(!(await allEntries(trialDir)).includes('candidate/leak'), 'the planted link was removed');
    assert.ok(!(await readFile(join(trialDir, 'candidate', 'key.txt'), 'utf8')).includes(SECRET), 'the secret was scrubbed');
    assert.ok(!(await allEntries(trialDir)).includes('evidence/verdict.json'), 'no verdict files the trial as an environment error');
  });

  it('stops the worker pool: no item starts after it, the items in flight end, then the error is thrown', async () => {
    const events: string[] = [];
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const done = mapPool([0, 1, 2, 3, 4], 2, async (item) => {
      events.push(`start ${item}`);
      if (item === 0) await slow;
      if (item === 1) throw new Error('item 1 broke');
      events.push(`end ${item}`);
      return item;
    });
    let settled = false;
    void done.catch(() => (settled = true));
    await new Promise((r) => setImmediate(r));
    assert.equal(settled, false, 'not thrown while item 0 is in flight');
    release();
    await assert.rejects(done, /item 1 broke/);
    assert.deepEqual(events, ['start 0', 'start 1', 'end 0']);
  });
});
