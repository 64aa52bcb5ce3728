// One gate, two front ends: the GitHub Action (against the loopback GitHub) and `trialgate gate` (with the
// baseline artefact the action downloaded, as a directory) give the same verdict, exit status and comment
// for the same trial set and base: a regression, an outage (undecided), and an unchanged head.
import assert from 'node:assert/strict';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { useFakeGitHub } from './support/github-env.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const fake = await useFakeGitHub();
const { run } = await import('../src/action/start.ts');
const actions = await import('./support/action-run.ts');
const { BASE_SHA, PR, skillWithoutIdempotency } = actions;

/** What may differ between the two for the same inputs: where the baseline and evidence live, timings, the head commit. */
function normalized(comment: string): string {
  return (
    comment
      .split('\n')
      .filter((line) => !/^[-*] Baseline/.test(line))
      // The action knows the pull request's files; the command line only with --changed (the third test gives it).
      .filter((line) => !line.startsWith('**Changed:**'))
      .filter((line) => !/^Head \S+/.test(line))
      .join('\n')
      .replace(/(the )?\[evidence artefact\]\([^)]*\)/g, 'the run directory (in CI, its evidence artefact)')
      .replace(/\d+(\.\d+)? s\b/g, '<time>')
      .replace(/\n{3,}/g, '\n\n')
  );
}

// k = 3 against one base run: a lost detection is flagged in the first round (the unconditional test against so
// small a base, src/compare/unconditional.ts; at k = 2 it takes 5 trials, gate-e2e.test.ts walks those rounds). What
// is compared here is the two front ends, not the rounds.
const K = 3;

async function both(options: { skill?: string; agent?: Record<string, unknown>; baseAgent?: Record<string, unknown> }) {
  await actions.pushedBaseline(fake, run, { trials: K, ...(options.baseAgent ? { agent: options.baseAgent } : {}) });
  const action = await actions.runAction(fake, run, { event: 'pull_request', trials: K, ...options });
  const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
  const io = captureIo();
  const exit = await main(
    ['gate', '--config', action.config, '--base-dir', await actions.downloadedBaseline(fake), '--base-sha', BASE_SHA, '--out', await tempDir()],
    io,
  );
  return { action, comment, cli: { exit, out: io.out, err: io.err } };
}

describe('the action and `trialgate gate` are one gate', () => {
  beforeEach(() => fake.reset());

  it('a lost detection: the same regressions, exit status and comment', async () => {
    const { action, comment, cli } = await both({ skill: skillWithoutIdempotency });
    assert.equal(action.outputs.verdict, 'regression');
    assert.equal(action.exitCode, 1);
    assert.equal(cli.exit, 1, cli.err);
    assert.match(comment, /\*\*Spent:\*\* 3 agent trials \(the first round; none needed confirming\)/);
    assert.equal(normalized(cli.out), normalized(comment));
  });

  it('an outage on the head: both undecided, both say rerun, neither passes nor calls it a regression', async () => {
    // The provider is down for the PR's job: the agent says so (docs/agents.md), and every head trial is an
    // environment error. (A variable the job lacks is a setup mistake instead: `gate` exits 2 for it.)
    await actions.pushedBaseline(fake, run, { trials: K });
    const outage = 'echo "trialgate-env-error: the provider answered 503 (outage)"; exit 75';
    const action = await actions.runAction(fake, run, { event: 'pull_request', trials: K, command: outage });
    const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
    const io = captureIo();
    const exit = await main(
      ['gate', '--config', action.config, '--base-dir', await actions.downloadedBaseline(fake), '--base-sha', BASE_SHA, '--out', await tempDir()],
      io,
    );
    assert.equal(action.outputs.verdict, 'undecided');
    assert.equal(action.exitCode, 1, 'the required check fails: an outage never lets a pull request through');
    assert.equal(action.outputs.regressions, '0');
    assert.equal(exit, 3, io.err);
    assert.match(comment, /⏸️ \*\*undecided — rerun\*\*/);
    assert.match(comment, /inventory: .*head trials are environment errors.*rerun/);
    assert.equal(normalized(io.out), normalized(comment));
  });

  it('a change to one task’s skill: both rerun that task only, and say so alike', async () => {
    const twoSkills = (second: string) => ({ trials: K, ...actions.twoSkills(second) });
    await actions.pushedBaseline(fake, run, twoSkills(actions.fullSkill));
    const action = await actions.runAction(fake, run, { event: 'pull_request', ...twoSkills(skillWithoutIdempotency), changed: ['skills/second.md'] });
    const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
    const changed = join(await tempDir(), 'changed.txt');
    await writeFile(changed, 'skills/second.md\n');
    const io = captureIo();
    const exit = await main(
      [
        'gate',
        '--config',
        action.config,
        '--changed',
        changed,
        '--base-dir',
        await actions.downloadedBaseline(fake),
        '--base-sha',
        BASE_SHA,
        '--out',
        await tempDir(),
      ],
      io,
    );
    assert.equal(action.outputs.verdict, 'regression');
    assert.equal(exit, 1, io.err);
    assert.match(comment, /\*\*Not rerun\*\* .*: first\./);
    assert.match(io.err, /not rerun \(unaffected by the change\): first/);
    assert.equal(normalized(io.out), normalized(comment));

    // Nothing a task depends on: the action skips with a notice, the command line says so and exits 0.
    await writeFile(changed, 'README.md\n');
    const skipped = captureIo();
    assert.equal(
      await main(
        ['gate', '--config', action.config, '--changed', changed, '--base-dir', await actions.downloadedBaseline(fake), '--out', await tempDir()],
        skipped,
      ),
      0,
    );
    assert.match(skipped.err, /^trialgate gate: skipped: none of the 1 changed file is one this task depends on/m);
  });

  it('an unchanged head: both pass', async () => {
    const { action, comment, cli } = await both({});
    assert.equal(action.outputs.verdict, 'pass');
    assert.equal(action.exitCode, 0);
    assert.equal(cli.exit, 0, cli.err);
    assert.equal(normalized(cli.out), normalized(comment));
  });
});
