// The holdout through the GitHub Action, against the loopback GitHub: what a pull request's author can read
// there (the log with its annotations, the job summary, the step's outputs, the PR comment, and every file of
// every uploaded artefact) names no holdout task, whether the holdout lives in the repository or in another
// one fetched at run time; the gate still fails on a holdout regression; and a holdout source that is not
// fetched (a fork's pull request, no token) leaves the gate undecided, never passed.
import assert from 'node:assert/strict';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { stringify } from 'yaml';
import { main } from '../src/cli/main.ts';
import { tempDir } from './support/fixtures.ts';
import { useFakeGitHub } from './support/github-env.ts';
import { ageKey, devFixture, HELD_FAULT, HELD_TASK, HOLDOUT_KEY, JUDGE, leaks, markedFixture, tasks } from './support/holdout.ts';
import { captureIo } from './support/io.ts';

const fake = await useFakeGitHub();
const { run } = await import('../src/action/start.ts');
const actions = await import('./support/action-run.ts');
const { NAME, PR, skillWithoutIdempotency } = actions;

const SOURCE = 'acme/holdout-tasks';
const SOURCE_TOKEN = 'ghs_holdout_source_read_token_for_tests';

/** The action once, with everything it printed to the log (info lines, groups, annotations, masks). */
async function action(options: Parameters<typeof actions.runAction>[2]) {
  const write = process.stdout.write;
  let log = '';
  process.stdout.write = ((chunk: string | Uint8Array) => ((log += String(chunk)), true)) as typeof process.stdout.write;
  try {
    const result = await actions.runAction(fake, run, options);
    return { ...result, log, outputsFile: await readFile(process.env.GITHUB_OUTPUT!, 'utf8') };
  } finally {
    process.stdout.write = write;
  }
}

/** Every place a PR author can read after the runs so far: the runs' logs and summaries, the comments, every artefact's files. */
function everythingShown(runs: Awaited<ReturnType<typeof action>>[]): string[] {
  const found: string[] = [];
  for (const [i, r] of runs.entries())
    found.push(...leaks(`run ${i} log`, r.log), ...leaks(`run ${i} summary`, r.summary), ...leaks(`run ${i} outputs`, r.outputsFile));
  for (const c of fake.state.comments) found.push(...leaks(`comment ${c.id}`, c.body));
  for (const a of fake.state.artifacts) for (const [file, bytes] of a.files ?? []) found.push(...leaks(`artefact ${a.name}: ${file}`, bytes));
  return found;
}

/** The holdout source repository: holdout.yml and the marked fixture under holdout/. */
async function serveSource(edit?: (files: Record<string, Buffer | string>) => void): Promise<void> {
  const fixture = await markedFixture();
  const files: Record<string, Buffer | string> = {
    'holdout/holdout.yml': stringify({ version: 1, tasks: [{ id: HELD_TASK, fixture: 'fixtures/held', acceptance: 'http-cases' }] }),
  };
  for (const entry of await readdir(fixture, { withFileTypes: true, recursive: true }))
    if (entry.isFile())
      files[`holdout/fixtures/held/${relative(fixture, join(entry.parentPath, entry.name))}`] = await readFile(join(entry.parentPath, entry.name));
  edit?.(files);
  fake.state.repos.set(SOURCE, { files, token: SOURCE_TOKEN, refs: ['main'] });
}

/** Trials per task: at k = 3 against one base run a lost detection is flagged after one confirmation trial (at k = 2, eleven). */
const K = 3;

const zipballs = () => fake.state.requests.filter((r) => /^\/repos\/[^/]+\/[^/]+\/zipball/.test(r.path));

/** The trial set's keys for a holdout fetched from SOURCE: the dev task here, the holdout task there. */
async function withSource(): Promise<Record<string, unknown>> {
  return {
    tasks: [tasks('', await devFixture())[0]],
    holdout: { source: { github: SOURCE, ref: 'main', path: 'holdout', token_env: 'HOLDOUT_TOKEN' } },
  };
}

let pushedWithSource:
  | Promise<{
      baseline: Awaited<ReturnType<typeof action>>;
      fetched: number;
      results: { tasks: { id: string; set: string; trials: unknown[] }[] };
      restore: () => void;
    }>
  | undefined;

/**
 * The push to main of a trial set whose holdout is fetched from SOURCE (the caller serves it), its results then
 * promoted to the baseline: what the tests of a fetched holdout start from, pushed once in this file. Each
 * caller gets the fake as that push left it (its requests, runs and artefacts), as if it had pushed itself;
 * with the push's log, how many times it had fetched the source, and the results it uploaded.
 */
async function pushWithSource() {
  pushedWithSource ??= (async () => {
    const baseline = await action({ event: 'push', trials: K, extra: await withSource() });
    const fetched = zipballs().length;
    const uploaded = fake.state.artifacts.find((a) => a.name === NAME)!;
    const results = JSON.parse(uploaded.files!.get('results.json')!.toString('utf8'));
    actions.promoteUploadToBaseline(fake);
    return { baseline, fetched, results, restore: fake.snapshot() };
  })();
  const pushed = await pushedWithSource;
  pushed.restore();
  return pushed;
}

describe('the holdout through the action', () => {
  beforeEach(() => {
    fake.reset();
    process.env.TRIALGATE_HOLDOUT_KEY = HOLDOUT_KEY;
    process.env.HOLDOUT_TOKEN = SOURCE_TOKEN;
  });

  it('in the repository: nothing a PR author reads names it; the gate fails on its regression; the artefact holds it sealed', async () => {
    const key = await ageKey();
    const extra = { tasks: tasks(await markedFixture(), await devFixture()), judge: JUDGE, holdout: { recipients: [key.recipient] } };
    const baseline = await action({ event: 'push', trials: K, extra });
    actions.promoteUploadToBaseline(fake);
    const pr = await action({ event: 'pull_request', trials: K, extra, skill: skillWithoutIdempotency });
    assert.equal(pr.outputs.verdict, 'regression');
    assert.equal(pr.exitCode, 1);
    const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
    assert.match(comment, /Holdout tasks: \*\*\d+ regressions?\*\* \(task and check withheld; they count in the gate\)/);
    assert.match(pr.log, /a holdout task trial \d: (pass|fail)/);
    assert.deepEqual(everythingShown([baseline, pr]), []);

    // The maintainers open the head's artefact with their key: the lost detection, under its own name.
    const uploaded = fake.state.artifacts.filter((a) => a.name === NAME && a.run_id === fake.state.runId).at(-1)!;
    assert.ok(uploaded.files!.has('holdout.tar.gz.age'), 'the sealed detail is in the evidence artefact');
    const zip = join(await tempDir(), 'artefact.zip');
    await writeFile(zip, uploaded.zip);
    const opened = join(await tempDir(), 'opened');
    const io = captureIo();
    assert.equal(await main(['holdout', 'open', zip, '--identity', key.identityFile, '--out', opened], io), 0, io.err);
    const detail = JSON.parse(await readFile(join(opened, 'results.json'), 'utf8'));
    assert.equal(detail.tasks[0].id, HELD_TASK);
    assert.equal(detail.tasks[0].trials[0].checks[`detect:${HELD_FAULT}`], false);
  });

  it('in another repository: fetched with its token for the baseline and a pull request, hashed like any fixture; nothing names it', async () => {
    await serveSource();
    const extra = await withSource();
    const { baseline, fetched, results } = await pushWithSource();
    assert.equal(fetched, 1, 'the baseline fetched the source once');
    const held = results.tasks.find((t) => t.set === 'holdout')!;
    assert.match(held.id, /^holdout-[0-9a-f]{12}$/, 'the fetched task ran, by its pseudonym');
    assert.equal(held.trials.length, K);

    const pr = await action({ event: 'pull_request', trials: K, extra, skill: skillWithoutIdempotency });
    assert.equal(pr.outputs.verdict, 'regression', 'the fetched holdout task regressed, and the gate says so');
    assert.deepEqual(everythingShown([baseline, pr]), []);

    // A changed holdout fixture is a changed ruler, as any fixture: not compared, and undecided until a
    // maintainer decides or the baseline is recorded again (never a pass by a task that cannot be compared).
    await serveSource((files) => (files['holdout/fixtures/held/task.txt'] = `${files['holdout/fixtures/held/task.txt']}\nOne more line.\n`));
    const changed = await action({ event: 'pull_request', trials: K, extra });
    assert.equal(changed.outputs.verdict, 'undecided', changed.summary);
    assert.match(changed.summary, /changes what measures it \(1 holdout task\).*reruns the baseline workflow/);
    assert.match(changed.summary, /\*\*Holdout\*\* \(aggregate only\): 1 task \(1 changed\)/);
  });

  it('not fetched for a fork’s pull request, nor without its token: the gate is undecided, never passed', async () => {
    await serveSource();
    const extra = await withSource();
    await pushWithSource();
    const fetchedBefore = zipballs().length;

    const fork = await action({ event: 'pull_request', trials: K, extra, fork: true });
    assert.equal(zipballs().length, fetchedBefore, 'a fork’s pull request never asks for the source');
    assert.equal(fork.outputs.verdict, 'undecided');
    assert.equal(fork.exitCode, 1, 'undecided fails the check');
    assert.match(fork.summary, /the holdout source was not fetched: a pull request from a fork/);

    delete process.env.HOLDOUT_TOKEN;
    const tokenless = await action({ event: 'pull_request', trials: K, extra });
    assert.equal(tokenless.outputs.verdict, 'undecided');
    assert.match(tokenless.summary, /needs a token in HOLDOUT_TOKEN, which is not set/);

    process.env.HOLDOUT_TOKEN = 'ghs_a_token_that_cannot_read_it';
    const refused = await action({ event: 'pull_request', trials: K, extra });
    assert.equal(refused.outputs.verdict, 'undecided');
    assert.match(refused.summary, /could not be fetched: not found, or the token cannot read it/);
    assert.deepEqual(everythingShown([fork, tokenless, refused]), []);
  });
});
