// The action end to end: run() against the loopback GitHub (REST routes, artefact service, blobs)
// with a runner-like environment, real trial runs of the built-in inventory task, real @actions/*.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';
import { elements, hasClass, parseDocument, textNodes } from './support/html.ts';
import { buildZip } from './support/zip.ts';
import type { Results } from '../src/schemas/results.ts';

const fake = await useFakeGitHub();
const { run } = await import('../src/action/start.ts');
const { BASE_SHA, NAME, PR, skillWithoutIdempotency, ...actions } = await import('./support/action-run.ts');
const runAction = (options: import('./support/action-run.ts').ActionOptions) => actions.runAction(fake, run, options);
/** A past push run on main holding the results a push of `options` uploads (recorded once per suite run). */
const baseline = (options?: Omit<import('./support/action-run.ts').ActionOptions, 'event'>, headSha?: string) =>
  actions.pushedBaseline(fake, run, options, headSha);
/** The two shards' uploads of a pull request at k = 2 (recorded once per suite run), as this run's own. */
const shardUploads = async () => {
  for (const shard of ['1/2', '2/2'])
    await actions.replayUploads(fake, await actions.recordedUploads(fake, run, { event: 'pull_request', inputs: { shard, trials: '2' } }));
};

const comments = () => fake.state.comments.filter((c) => c.issue === PR);

/** Replace shard `index` of 2's uploaded results.json with an edited copy, as a shard job that lied would upload it. */
function editShard(index: number, edit: (results: any) => void): void {
  const artifact = fake.state.artifacts.find((a) => a.name === `${NAME}-shard-${index}-of-2`)!;
  const files = Object.fromEntries([...artifact.files!].map(([path, bytes]) => [path, bytes]));
  const results = JSON.parse(files['results.json']!.toString('utf8'));
  edit(results);
  artifact.zip = buildZip({ ...files, 'results.json': JSON.stringify(results) });
}

/** What `work` printed to stdout (where @actions/core writes its commands), and its result. */
async function printedBy<T>(work: () => Promise<T>): Promise<{ result: T; text: string }> {
  const printed: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    printed.push(String(chunk));
    return (write as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
  }) as typeof process.stdout.write;
  try {
    return { result: await work(), text: printed.join('') };
  } finally {
    process.stdout.write = write;
  }
}

const requestIndex = (pattern: RegExp) => fake.state.requests.findIndex((r) => pattern.test(`${r.method} ${r.path}`));

describe('the action', () => {
  beforeEach(() => fake.reset());

  it('push to main: runs, uploads the results artefact that later PRs compare with, passes', async () => {
    const result = await runAction({ event: 'push' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'pass');
    const artifact = fake.state.artifacts.find((a) => a.name === NAME)!;
    const files = [...artifact.files!.keys()];
    for (const file of ['results.json', 'report.md', 'junit.xml', 'inventory/trial-001/evidence/verdict.json', 'inventory/trial-001/candidate/cases.json']) {
      assert.ok(files.includes(file), `${file} in the artefact`);
    }
    assert.equal(result.outputs['artifact-id'], String(artifact.id));
    assert.match(result.summary, /Baseline recorded for `main`/);
    assert.equal(comments().length, 0);
  });

  it('a familywise policy that cannot flag anything at this k is said before any trial runs, naming the setting', async () => {
    const output = (await printedBy(() => runAction({ event: 'pull_request', inputs: { trials: '1', policy: 'familywise', 'confirm-trials': '0' } }))).text;
    const warning = output.indexOf(
      '::warning::trialgate: trialgate.yml: trials: 1 with 1 base run: with k = 1, 1 base run and 0 confirmation trials, even a total loss',
    );
    assert.ok(warning >= 0, `the warning names the file, the setting and the reach: ${output}`);
    assert.match(
      output.slice(warning),
      /familywise cannot flag anything; raise trials, baseline-runs or confirm-trials; until then a drop is undecided, never a pass/,
    );
    assert.ok(warning < output.indexOf('inventory trial 1:'), 'said before the trials run');
  });

  it('first PR with no baseline: says so, shows head results, does not fail', async () => {
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'no-baseline');
    assert.equal(comments().length, 1);
    assert.match(comments()[0]!.body, /no baseline/);
    assert.match(comments()[0]!.body, /No baseline results found in `trialgate-results` of `main`; regressions cannot fail this check until one exists/);
    assert.match(result.outputs['comment-url']!, new RegExp(`/acme/agent/pull/${PR}#issuecomment-${comments()[0]!.id}$`));
  });

  it('rerun-base: with the base commit in the clone, a task one base run cannot decide is rerun on the base beside the head; the comment states those trials', async () => {
    // k = 1: one recorded base trial cannot decide a loss head only; at k = 2 the unconditional test needs no base rerun.
    await baseline({ trials: 1 });
    const { result, text } = await printedBy(() =>
      runAction({ event: 'pull_request', skill: skillWithoutIdempotency, trials: 1, git: true, inputs: { policy: 'familywise' } }),
    );
    assert.equal(result.exitCode, 1, 'the seed’s loss is flagged');
    assert.match(text, /trialgate: confirm on the base commit: \d+ trials? of 1 task/);
    assert.doesNotMatch(text, /no paired rounds on the base commit/);
    const body = comments()[0]!.body;
    assert.match(body, /lost detection: double-reserve/);
    assert.match(body, /\*\*Spent:\*\* [^\n]*of them on the base commit/);
    const artifact = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME)!;
    assert.ok(artifact.files!.has('base-commit/results.json'), 'the base commit’s trials are evidence');
  });

  it('rerun-base without a git checkout: the gate goes on with the recorded base runs, saying why in the log', async () => {
    await baseline();
    const { text } = await printedBy(() => runAction({ event: 'pull_request', skill: skillWithoutIdempotency }));
    assert.match(text, /no paired rounds on the base commit: .* is not a git checkout/);
  });

  it('rerun-base with a base trial set that names what only the job made (installed packages git ignores): off before any trial, never an error at the first base round', async () => {
    // The agent reads node_modules (agent.files), installed by the job and ignored by git: a worktree of the base commit lacks it.
    const installed = {
      agent: { files: ['fixture/agent', 'node_modules'] },
      files: { 'node_modules/sdk/index.js': 'module.exports = {};\n', '.gitignore': 'node_modules/\n' },
    };
    await baseline({ trials: 1, ...installed });
    const { result, text } = await printedBy(() =>
      runAction({ event: 'pull_request', skill: skillWithoutIdempotency, trials: 1, git: true, inputs: { policy: 'familywise' }, ...installed }),
    );
    assert.match(
      text,
      /no paired rounds on the base commit: its trial set cannot be read in its checkout, which holds only what git tracks: .*node_modules does not exist/,
    );
    assert.ok(text.indexOf('no paired rounds on the base commit') < text.indexOf('inventory trial 1:'), 'said before any trial');
    assert.notEqual(result.outputs.verdict, 'error', text.slice(-2000));
    assert.match(comments()[0]!.body, /double-reserve/, 'the gate decided with the recorded base run');
  });

  it('rerun-base where the job installed packages the agent reads, pinned by lockfiles the same in both commits: the base commit’s checkout uses them, and the paired rounds run', async () => {
    // The installed-packages case above with a lockfile beside node_modules: the same install in both commits.
    const pinned = {
      agent: { files: ['fixture/agent', 'node_modules'] },
      files: {
        'node_modules/sdk/index.js': 'module.exports = {};\n',
        '.gitignore': 'node_modules/\n',
        'package.json': '{ "name": "agent-under-test", "private": true }\n',
        'package-lock.json': '{ "name": "agent-under-test", "lockfileVersion": 3, "packages": {} }\n',
      },
    };
    await baseline({ trials: 1, ...pinned });
    const { result, text } = await printedBy(() =>
      runAction({ event: 'pull_request', skill: skillWithoutIdempotency, trials: 1, git: true, inputs: { policy: 'familywise' }, ...pinned }),
    );
    assert.match(
      text,
      /the base commit's checkout uses the packages this job installed, what the lockfiles beside them pin alone, the same in both commits: node_modules\//,
    );
    assert.doesNotMatch(text, /no paired rounds on the base commit/);
    assert.match(text, /trialgate: confirm on the base commit: \d+ trials? of 1 task/);
    assert.equal(result.exitCode, 1, text.slice(-2000));
  });

  it('rerun-base where the job installed packages inside the agent’s own directory, which the base commit’s worktree lacks: off before any trial, so the base’s trials never fail for want of them and hide the loss', async () => {
    const vendored = {
      command: 'node "$TRIALGATE_PROJECT/agent/run.mjs"',
      agent: { files: ['fixture/agent', 'agent'] },
      files: {
        'agent/vendor/sdk.mjs': 'export const sdk = true;\n',
        'agent/run.mjs':
          "import './vendor/sdk.mjs';\nimport { execFileSync } from 'node:child_process';\nexecFileSync(process.execPath, [`${process.env.TRIALGATE_PROJECT}/fixture/agent/scripted-agent.mjs`], { stdio: 'inherit' });\n",
        '.gitignore': 'agent/vendor/\n',
      },
    };
    await baseline({ trials: 1, ...vendored });
    const { result, text } = await printedBy(() =>
      runAction({ event: 'pull_request', skill: skillWithoutIdempotency, trials: 1, git: true, inputs: { policy: 'familywise' }, ...vendored }),
    );
    assert.match(
      text,
      /no paired rounds on the base commit: its checkout lacks what git does not track but the job made where an agent or a fixture reads \(agent\/vendor\//,
    );
    assert.ok(text.indexOf('no paired rounds on the base commit') < text.indexOf('inventory trial 1:'), 'said before any trial');
    assert.notEqual(result.outputs.verdict, 'pass', text.slice(-3000));
    // The reviewer reads it too: what the pull request builds there turned the rounds off.
    assert.match(comments()[0]!.body, /No paired rounds on the base commit: its checkout lacks .*agent\/vendor\//);
  });

  it('an approval label left on the pull request from an earlier commit approves nothing at this one, and the comment says so', async () => {
    const label = 'trialgate: approve measurement change';
    const two = { extra: { tasks: ['inventory', 'second'].map((id) => ({ id, set: 'dev', fixture: 'fixture', acceptance: 'http-cases' })) } };
    await baseline({ trials: 1, ...two });
    // The author pushed after the maintainer's label: a synchronize event, the label still on the pull request; a task is gone.
    const pushed = await runAction({ event: 'pull_request', trials: 1, labels: [label], action: 'synchronize' });
    assert.equal(pushed.outputs.verdict, 'undecided');
    assert.match(comments()[0]!.body, /The label `trialgate: approve measurement change` is on the pull request from before this run’s commit or event/);
    // The maintainer adds it again at this commit.
    const labeled = await runAction({ event: 'pull_request', trials: 1, labels: [label], action: 'labeled', label });
    assert.equal(labeled.outputs.verdict, 'pass');
    assert.match(comments()[0]!.body, /approved: the label `trialgate: approve measurement change`, added to the pull request at this commit/);
  });

  it('PR losing the idempotency section: comment names the lost detection, evidence uploaded, outputs set, then the step fails; a rerun updates the comment', async () => {
    await baseline();

    const first = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency });
    assert.equal(first.exitCode, 1, 'the gate fails the step');
    assert.equal(first.outputs.verdict, 'regression');
    assert.equal(first.outputs.regressions, '2');
    assert.equal(comments().length, 1);
    const body = comments()[0]!.body;
    assert.ok(body.startsWith('<!-- trialgate:test-set -->'));
    assert.match(body, /lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 1\/1 \| 0\/1/);
    assert.match(body, /Baseline: 1 run of `main` at \[bbbbbbb\]/);
    assert.match(
      body,
      /New failures since the base \(no base run shows them; `trialgate failures` archives them\): `[0-9a-f]{12}` `inventory` · `detect:double-reserve` · `no assertion failed on double-reserve` \(evidence `inventory\/trial-001`\)/,
    );
    assert.match(body, /includes the PR's base commit bbbbbbb/);
    assert.match(body, new RegExp(`actions/runs/${fake.state.runId}/artifacts/\\d+`), 'links the evidence artefact');
    assert.match(first.summary, /lost detection: double-reserve/);
    assert.ok(first.outputs['results-path']!.endsWith('results.json'));
    const uploaded = requestIndex(/FinalizeArtifact/);
    const commented = requestIndex(/^POST \/repos\/acme\/agent\/issues\/7\/comments/);
    assert.ok(uploaded >= 0 && commented > uploaded, 'evidence uploaded before the comment and the failure');
    const artifact = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME)!;
    const page = parseDocument(artifact.files!.get('report.html')!.toString('utf8'));
    const removed = elements(page)
      .filter((el) => hasClass(el, 'd-del'))
      .flatMap(textNodes);
    assert.ok(
      removed.some((line) => line.includes('"id": "idempotent-repeat"')),
      'report.html diffs the head candidate against the downloaded base one',
    );

    const rerun = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency, attempt: 2 });
    assert.equal(rerun.exitCode, 1);
    assert.equal(rerun.outputs.verdict, 'regression');
    assert.ok(
      fake.state.artifacts.some((a) => a.name === `${NAME}-attempt-2`),
      're-run attempt uploads its own artefact',
    );
    assert.equal(comments().length, 1, 'the rerun updated the one comment');
    assert.notEqual(comments()[0]!.updated_at, comments()[0]!.created_at);
  });

  it('with a model judge: the judged regression beside the detection, and the blind base-against-head preference in the comment', async () => {
    const items = [
      {
        id: 'covers-idempotency',
        question: 'Does the test plan cover idempotency, that is, that the same reservation request sent twice reserves the stock only once?',
        candidate: ['test-plan.md'],
        evidence: ['reports/none.json'],
        pairwise: true,
      },
    ];
    const extra = {
      judge: { model: 'scripted-judge-1', command: 'node fixture/judge/scripted-judge.mjs', calibration: 'calibration.json' },
      tasks: [{ id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases', judge: { items } }],
    };
    await baseline({ extra });
    const pr = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency, extra });
    assert.equal(pr.exitCode, 1);
    assert.equal(pr.outputs.regressions, '2', 'trial pass and the detection; the uncalibrated judge item is not counted');
    const body = comments()[0]!.body;
    assert.match(body, /lost detection: double-reserve/);
    assert.match(
      body,
      /\| inventory \| covers-idempotency: .* \| 1\/1 → 0\/1 \| regressed \(not gated\) \| yes 0 · no 1 \| not gated, because the task has no labelled set to calibrate it against/,
    );
    assert.match(body, /#### Model judge: base against head \(blind, both orders\)/);
    assert.match(body, /\| inventory \| covers-idempotency \| 1 \| 0 \| 1 \| 0 \| 0 \| 0 \| 0 \|/);
    assert.match(body, /scripted-judge-1: 0 of 1 pair answered in both orders was inconsistent\./);
    const artifact = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME)!;
    assert.ok(artifact.files!.has('pairwise/inventory/covers-idempotency/pair-1.json'), 'the pairwise transcripts are evidence');
    assert.ok(artifact.files!.has('inventory/trial-001/evidence/judge/covers-idempotency.json'));
  });

  it('a baseline older than the PR base says how many commits behind it is', async () => {
    const older = 'a'.repeat(40);
    await baseline({}, older);
    fake.state.compares.set(`${older}...${BASE_SHA}`, { ahead_by: 3, behind_by: 0 });
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.outputs.verdict, 'pass');
    assert.match(comments()[0]!.body, /the PR's base commit bbbbbbb has no baseline run; the newest baseline \(.+\) is 3 commits behind it/);
  });

  it('with k = 1 against one base run the default could flag nothing: a drop is undecided (never a pass, never noise as a failure), says why, and confirms nothing', async () => {
    await baseline();
    const result = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency, inputs: { policy: 'auto', 'confirm-trials': '4' } });
    assert.equal(result.outputs.verdict, 'undecided');
    assert.notEqual(result.exitCode, 0, 'the required check does not pass');
    const body = comments()[0]!.body;
    assert.match(body, /the base history cannot show even a total loss here .*: add baseline runs/);
    assert.doesNotMatch(body, /Sequential confirmation/);
    assert.match(body, /\| 1\/1 \| 0\/1 \|/);
  });

  it('a PR that changes one task’s skill reruns that task only; the other is named as not rerun, never as evidence; changing the trial set reruns both', async () => {
    const { twoSkills } = actions;
    await baseline(twoSkills(actions.fullSkill));

    const scoped = await runAction({ event: 'pull_request', ...twoSkills(skillWithoutIdempotency), changed: ['skills/second.md'] });
    assert.equal(scoped.exitCode, 1, 'the task the PR changed regressed');
    assert.equal(scoped.outputs.verdict, 'regression');
    const body = comments()[0]!.body;
    assert.match(body, /\(1 compared, 1 not rerun\)/);
    assert.match(body, /\*\*Not rerun\*\* \(unaffected by this change, so neither passed nor regressed; .*\): first\./);
    assert.match(body, /\| second \| lost detection: double-reserve/);
    assert.doesNotMatch(body, /\| first \|/, 'no row shows the task that did not run');
    const artifact = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME)!;
    const head = JSON.parse(artifact.files!.get('results.json')!.toString('utf8')) as Results;
    assert.deepEqual(
      head.tasks.map((t) => [t.id, t.not_rerun === undefined ? 'rerun' : 'not rerun', t.trials.length]),
      [
        ['first', 'not rerun', 0],
        ['second', 'rerun', 1],
      ],
    );
    assert.ok(![...artifact.files!.keys()].some((path) => path.startsWith('first/')), 'no agent ran for the task not rerun');

    // The trial-set file is what every task shares: a PR that touches it cannot leave a task out.
    fake.state.comments = [];
    const whole = await runAction({ event: 'pull_request', ...twoSkills(skillWithoutIdempotency), changed: ['skills/second.md', 'trialgate.yml'], attempt: 2 });
    assert.equal(whole.outputs.verdict, 'regression');
    assert.match(comments()[0]!.body, /\(2 compared\)/);
    assert.doesNotMatch(comments()[0]!.body, /Not rerun/);
  });

  it('a PR that touches no watched path is skipped with a notice', async () => {
    const result = await runAction({ event: 'pull_request', changed: ['README.md'] });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'skipped');
    assert.match(
      result.summary,
      /Skipped: none of the 1 changed file is one any task depends on \(skills\/\*\*, fixture\/agent, fixture\/agent\/\*\*, fixture\/agent\/scripted-agent\.mjs, repairs\/inventory, repairs\/inventory\/\*\*, …\) or trialgate\.yml/,
    );
    assert.equal(fake.state.artifacts.length, 0, 'no trials ran');
  });

  it('a PR that changes only the workflow that runs the gate is no skip: every task reruns', async () => {
    const workflow = '.github/workflows/trialgate.yml';
    process.env.GITHUB_WORKFLOW_REF = `acme/agent/${workflow}@refs/pull/${PR}/merge`;
    try {
      const files = { [workflow]: 'on: pull_request\njobs:\n  trials:\n    steps:\n      - run: npm install -g some-agent-cli@2.0.0\n' };
      const result = await runAction({ event: 'pull_request', changed: [workflow], files });
      assert.notEqual(result.outputs.verdict, 'skipped');
      assert.doesNotMatch(result.summary, /Skipped/);
    } finally {
      delete process.env.GITHUB_WORKFLOW_REF;
    }
  });

  it('a 403 on comments (read-only token): no crash, everything in the job summary with a notice', async () => {
    fake.state.commentAccess = 'read';
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'no-baseline');
    assert.equal(result.outputs['comment-url'], '');
    assert.match(result.summary, /No PR comment: /);
    assert.match(result.summary, /Per-task results/);
  });

  it('an expired and a corrupt base artefact are named; with no other baseline the PR is undecided (rerun the baseline), never passed as "no baseline"', async () => {
    const expired = fake.addRun({ head_sha: 'e'.repeat(40) });
    fake.addArtifact({ run_id: expired.id, name: NAME, files: {}, expired: true });
    const corrupt = fake.addRun({ head_sha: BASE_SHA });
    fake.addArtifact({ run_id: corrupt.id, name: NAME, zip: Buffer.from('not a zip at all, just bytes') });
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.exitCode, 1);
    assert.equal(result.outputs.verdict, 'undecided');
    const body = comments()[0]!.body;
    assert.match(body, /the base branch recorded 2 runs, but none can serve as a baseline .*: rerun the baseline workflow on the base branch/);
    assert.match(body, new RegExp(`Baseline run ${expired.id} \\(eeeeeee\\) not used: artefact trialgate-results expired`));
    assert.match(body, new RegExp(`Baseline run ${corrupt.id} \\(bbbbbbb\\) not used: artefact archive is corrupt`));
  });

  it('merge mode with a missing shard fails with verdict error, naming the shard', async () => {
    await runAction({ event: 'pull_request', inputs: { shard: '1/2' } });
    const shardOne = fake.state.artifacts.find((a) => a.name === `${NAME}-shard-1-of-2`);
    assert.ok(shardOne, 'shard 1 uploaded its slice');
    assert.equal(comments().length, 0, 'a shard does not comment');
    const merged = await runAction({ event: 'pull_request', inputs: { mode: 'merge', shard: '2' } });
    assert.equal(merged.exitCode, 1);
    assert.equal(merged.outputs.verdict, 'error');
  });

  it('merge mode joins every shard, then compares, comments and gates', async () => {
    await shardUploads();
    // Each shard: its results in one artefact (all the merge downloads), its trial directories in another.
    const files = (name: string) => [...fake.state.artifacts.find((a) => a.name === name)!.files!.keys()];
    assert.deepEqual(files(`${NAME}-shard-1-of-2`).sort(), ['junit.xml', 'report.html', 'report.md', 'results.json']);
    assert.ok(files(`${NAME}-shard-1-of-2-trials`).some((f) => /^inventory\/trial-001\/evidence\/verdict\.json$/.test(f)));
    const trialsOfTwo = fake.state.artifacts.find((a) => a.name === `${NAME}-shard-2-of-2-trials`)!;
    const merged = await runAction({ event: 'pull_request', inputs: { mode: 'merge', shard: '2', trials: '2' } });
    assert.equal(merged.exitCode, 0);
    assert.equal(merged.outputs.verdict, 'no-baseline');
    assert.match(comments()[0]!.body, /2 trials launched = 2 executed/);
    // The merged artefact holds the merged files only, and links the shards' trial directories.
    assert.ok(
      files(NAME).every((f) => !f.includes('/')),
      `no trial directory copied: ${files(NAME).join(', ')}`,
    );
    assert.ok(files(NAME).includes('results.json'));
    assert.match(
      comments()[0]!.body,
      new RegExp(`trial directories are in the artefacts of the shards: \\[1/2\\]\\(.*\\) · \\[2/2\\]\\(.*/artifacts/${trialsOfTwo.id}\\)`),
    );
    const downloads = (id: number) => fake.state.requests.filter((r) => r.method === 'GET' && new RegExp(`/artifacts/${id}(/zip|\\.zip)$`).test(r.path)).length;
    const resultsOfTwo = fake.state.artifacts.find((a) => a.name === `${NAME}-shard-2-of-2`)!;
    assert.ok(downloads(resultsOfTwo.id) > 0 && downloads(trialsOfTwo.id) === 0, 'the merge downloads the results of a shard, never its trial directories');
  });

  it('merge mode refuses a forged shard (16 passing trials past k), naming it, and never gates on it', async () => {
    await shardUploads();
    editShard(1, (results) => {
      const trials = results.tasks[0].trials;
      for (let n = 3; n < 19; n++) trials.push({ ...trials[0], trial: n, outcome: 'pass' });
    });
    const printed = await printedBy(() => runAction({ event: 'pull_request', inputs: { mode: 'merge', shard: '2', trials: '2' } }));
    assert.equal(printed.result.exitCode, 1);
    assert.equal(printed.result.outputs.verdict, 'error');
    assert.match(printed.text, /shard 1\/2 holds task inventory trial 3, past k = 2/);
    assert.equal(comments().length, 0);
  });

  it('merge mode carries a shard that ran unisolated and one whose integrity failed into the comment and the summary', async () => {
    await shardUploads();
    editShard(1, (results) => (results.run.isolation = { mechanism: 'none', reason: 'bubblewrap is not installed' }));
    editShard(2, (results) => {
      results.run.isolation = { mechanism: 'bubblewrap' };
      results.run.integrity_error = 'the acceptance copy of task inventory changed during the run';
    });
    const merged = await runAction({ event: 'pull_request', inputs: { mode: 'merge', shard: '2', trials: '2' } });
    for (const text of [comments()[0]!.body, merged.summary]) {
      assert.match(text, /Isolation: none \(shard 1\/2: bubblewrap is not installed\)/);
      assert.match(text, /Integrity error: shard 2\/2: the acceptance copy of task inventory changed during the run/);
    }
    const uploaded = fake.state.artifacts.find((a) => a.name === NAME)!;
    const results = JSON.parse(uploaded.files!.get('results.json')!.toString('utf8'));
    assert.deepEqual(
      results.run.shards.map((s: { index: number; isolation: { mechanism: string } }) => [s.index, s.isolation.mechanism]),
      [
        [1, 'none'],
        [2, 'bubblewrap'],
      ],
    );
    assert.ok(results.tasks[0].trials.every((t: { outcome: string }) => t.outcome !== 'pass'));
  });

  it('secret values never reach the artefact or the comment: scrubbed from the agent log and every file', async () => {
    // `&` and `<` change spelling in HTML: report.html must scrub the text, not its escaped form.
    const secret = 'sk-live-0123&456789<abcdefghij';
    process.env.LLM_API_KEY = secret;
    try {
      const result = await runAction({
        event: 'pull_request',
        command:
          'echo "calling the model with $LLM_API_KEY"; echo "$LLM_API_KEY" > candidate/leak.txt; echo "token: $GITHUB_TOKEN $ACTIONS_RUNTIME_TOKEN"; cat /proc/*/environ 2>/dev/null | tr "\\0" "\\n" | grep -i token; echo "all tests passed"',
        agent: { pass_env: ['LLM_API_KEY'] },
      });
      assert.equal(result.outputs.verdict, 'no-baseline');
      const artifact = fake.state.artifacts.find((a) => a.name === NAME)!;
      const files = [...artifact.files!.entries()];
      assert.ok(files.some(([name]) => name.endsWith('evidence/agent.log')));
      for (const [name, data] of files) assert.ok(!data.toString('utf8').includes(secret), `${name} holds no secret`);
      const log = files.find(([name]) => name.endsWith('evidence/agent.log'))![1].toString('utf8');
      assert.match(log, /calling the model with \*\*\*/);
      assert.ok(!log.includes(fake.token), 'the action token never reaches the agent or its log');
      const page = textNodes(parseDocument(files.find(([name]) => name === 'report.html')![1].toString('utf8'))).join('\n');
      assert.ok(page.includes('leak.txt') && !page.includes(secret), 'report.html shows the candidate file, scrubbed');
      assert.ok(!comments()[0]!.body.includes(secret));
      assert.ok(!result.summary.includes(secret));
    } finally {
      delete process.env.LLM_API_KEY;
    }
  });

  it('an unisolated run says so in one line in the comment and the job summary', async () => {
    const result = await runAction({ event: 'pull_request', agent: { isolation: 'none' } });
    assert.equal(result.outputs.verdict, 'no-baseline');
    const line = /⚠️ Isolation: none \(agent\.isolation is none\)/;
    assert.match(comments()[0]!.body, line);
    assert.match(result.summary, line);
  });

  it('a bad input fails with its name and what is expected', async () => {
    const result = await runAction({ event: 'pull_request', inputs: { 'retention-days': '365' } });
    assert.equal(result.exitCode, 1);
    assert.equal(result.outputs.verdict, 'error');
  });
});
