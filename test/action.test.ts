// The action end to end: run() against the loopback GitHub (REST routes, artefact service, blobs)
// with a runner-like environment, real trial runs of the built-in inventory task, real @actions/*.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { beforeEach, describe, it } from 'node:test';
import { useFakeGitHub } from './support/github-env.ts';
import { BUILTIN_SKILL, writeTrialSet } from './support/trialset.ts';
import { dirname } from 'node:path';
import { elements, hasClass, parseDocument, textNodes } from './support/html.ts';

const fake = await useFakeGitHub();
const { run } = await import('../src/action/start.ts');

const PR = 7;
const BASE_SHA = 'b'.repeat(40);
const HEAD_SHA = 'h'.repeat(40).replace(/h/g, 'c');
const NAME = 'trialgate-results';
const fullSkill = await readFile(BUILTIN_SKILL, 'utf8');
const skillWithoutIdempotency = fullSkill.replace(/^## Idempotency[\s\S]*?(?=^## )/m, '');

interface ActionRun {
  exitCode: number;
  outputs: Record<string, string>;
  summary: string;
}

/** Runs the action once for `event` in a workspace holding a trial set whose agent follows `skill`. */
async function runAction(options: {
  event: 'push' | 'pull_request';
  skill?: string;
  inputs?: Record<string, string>;
  changed?: string[];
  attempt?: number;
  command?: string;
  agent?: Record<string, unknown>;
  /** Top-level keys of the trial set (a judge, tasks with judge items). */
  extra?: Record<string, unknown>;
}): Promise<ActionRun> {
  const workspace = dirname(
    await writeTrialSet({ skill: options.skill ?? fullSkill, ...(options.command ? { command: options.command } : {}), ...(options.agent ? { agent: options.agent } : {}), ...(options.extra ? { extra: options.extra } : {}) }),
  );
  fake.state.event =
    options.event === 'push'
      ? { name: 'push', payload: { ref: 'refs/heads/main', after: BASE_SHA, repository: { full_name: 'acme/agent', default_branch: 'main' } } }
      : {
          name: 'pull_request',
          payload: {
            pull_request: { number: PR, base: { ref: 'main', sha: BASE_SHA }, head: { ref: 'feature', sha: HEAD_SHA, repo: { full_name: 'acme/agent' } } },
            repository: { full_name: 'acme/agent', default_branch: 'main' },
          },
        };
  if (!fake.state.runs.some((r) => r.id === fake.state.runId)) {
    // This job's own run, as GitHub lists it while it is in progress.
    const own = options.event === 'push' ? { head_sha: BASE_SHA } : { head_sha: HEAD_SHA, event: 'pull_request', head_branch: 'feature' };
    fake.addRun({ id: fake.state.runId, status: 'in_progress', conclusion: null, ...own });
  }
  fake.state.pullFiles.set(PR, (options.changed ?? ['skills/inventory-testing.md']).map((filename) => ({ filename, status: 'modified' })));
  for (const name of Object.keys(process.env)) if (name.startsWith('INPUT_')) delete process.env[name];
  const env = fake.env({ GITHUB_WORKSPACE: workspace, GITHUB_RUN_ATTEMPT: String(options.attempt ?? 1) });
  Object.assign(process.env, env);
  for (const [name, value] of Object.entries({ 'github-token': fake.token, ...options.inputs })) process.env[`INPUT_${name.toUpperCase()}`] = value;
  process.exitCode = 0;
  await run();
  const exitCode = Number(process.exitCode ?? 0);
  process.exitCode = 0;
  return { exitCode, outputs: parseOutputs(await readFile(env.GITHUB_OUTPUT!, 'utf8')), summary: await readFile(env.GITHUB_STEP_SUMMARY!, 'utf8') };
}

function parseOutputs(text: string): Record<string, string> {
  const outputs: Record<string, string> = {};
  for (const match of text.matchAll(/^([\w-]+)<<(\S+)\n([\s\S]*?)\n\2$/gm)) outputs[match[1]!] = match[3]!;
  return outputs;
}

/** Make the artefact this run uploaded the baseline of a past successful push run on main. */
function promoteUploadToBaseline(headSha = BASE_SHA): void {
  const uploaded = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME);
  assert.ok(uploaded, 'the run uploaded its results artefact');
  const past = fake.addRun({ head_sha: headSha });
  fake.state.artifacts = fake.state.artifacts.filter((a) => a !== uploaded);
  fake.addArtifact({ run_id: past.id, name: NAME, zip: uploaded.zip });
}

const comments = () => fake.state.comments.filter((c) => c.issue === PR);
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
    const printed: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
      printed.push(String(chunk));
      return (write as (...args: unknown[]) => boolean).call(process.stdout, chunk, ...rest);
    }) as typeof process.stdout.write;
    try {
      await runAction({ event: 'pull_request', inputs: { trials: '1', policy: 'familywise' } });
    } finally {
      process.stdout.write = write;
    }
    const output = printed.join('');
    const warning = output.indexOf('::warning::trialgate: trialgate.yml: trials: 1 (the trials input): with k = 1 and 6 base runs, even a total loss');
    assert.ok(warning >= 0, 'the warning names the file, the setting and the reach');
    assert.match(output.slice(warning), /familywise cannot flag anything; raise trials or baseline-runs/);
    assert.ok(warning < output.indexOf('Run the trial set'), 'said before the trials run');
  });

  it('first PR with no baseline: says so, shows head results, does not fail', async () => {
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'no-baseline');
    assert.equal(comments().length, 1);
    assert.match(comments()[0]!.body, /no baseline/);
    assert.match(comments()[0]!.body, /No results artefact `trialgate-results` found on `main`/);
    assert.match(result.outputs['comment-url']!, new RegExp(`/acme/agent/pull/${PR}#issuecomment-${comments()[0]!.id}$`));
  });

  it('PR losing the idempotency section: comment names the lost detection, evidence uploaded, outputs set, then the step fails; a rerun updates the comment', async () => {
    await runAction({ event: 'push' });
    promoteUploadToBaseline();

    const first = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency });
    assert.equal(first.exitCode, 1, 'the gate fails the step');
    assert.equal(first.outputs.verdict, 'regression');
    assert.equal(first.outputs.regressions, '2');
    assert.equal(comments().length, 1);
    const body = comments()[0]!.body;
    assert.ok(body.startsWith('<!-- trialgate:test-set -->'));
    assert.match(body, /lost detection: double-reserve — duplicate request reserves twice \(idempotency\) \| 1\/1 \| 0\/1/);
    assert.match(body, /Baseline: 1 run of `main` at \[bbbbbbb\]/);
    assert.match(body, /New failures since the base \(no base run shows them; `trialgate failures` archives them\): `[0-9a-f]{12}` `inventory` · `detect:double-reserve` · `no assertion failed on double-reserve` \(evidence `inventory\/trial-001`\)/);
    assert.match(body, /includes the PR's base commit bbbbbbb/);
    assert.match(body, new RegExp(`actions/runs/${fake.state.runId}/artifacts/\\d+`), 'links the evidence artefact');
    assert.match(first.summary, /lost detection: double-reserve/);
    assert.ok(first.outputs['results-path']!.endsWith('results.json'));
    const uploaded = requestIndex(/FinalizeArtifact/);
    const commented = requestIndex(/^POST \/repos\/acme\/agent\/issues\/7\/comments/);
    assert.ok(uploaded >= 0 && commented > uploaded, 'evidence uploaded before the comment and the failure');
    const artifact = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME)!;
    const page = parseDocument(artifact.files!.get('report.html')!.toString('utf8'));
    const removed = elements(page).filter((el) => hasClass(el, 'd-del')).flatMap(textNodes);
    assert.ok(removed.some((line) => line.includes('"id": "idempotent-repeat"')), 'report.html diffs the head candidate against the downloaded base one');

    const rerun = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency, attempt: 2 });
    assert.equal(rerun.exitCode, 1);
    assert.equal(rerun.outputs.verdict, 'regression');
    assert.ok(fake.state.artifacts.some((a) => a.name === `${NAME}-attempt-2`), 're-run attempt uploads its own artefact');
    assert.equal(comments().length, 1, 'the rerun updated the one comment');
    assert.notEqual(comments()[0]!.updated_at, comments()[0]!.created_at);
  });

  it('with a model judge: the judged regression beside the detection, and the blind base-against-head preference in the comment', async () => {
    const items = [
      { id: 'covers-idempotency', question: 'Does the test plan cover idempotency, that is, that the same reservation request sent twice reserves the stock only once?', candidate: ['test-plan.md'], evidence: ['reports/none.json'], pairwise: true },
    ];
    const extra = {
      judge: { model: 'scripted-judge-1', command: 'node fixture/judge/scripted-judge.mjs', calibration: 'calibration.json' },
      tasks: [{ id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases', judge: { items } }],
    };
    await runAction({ event: 'push', extra });
    promoteUploadToBaseline();
    const pr = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency, extra });
    assert.equal(pr.exitCode, 1);
    assert.equal(pr.outputs.regressions, '2', 'trial pass and the detection; the uncalibrated judge item is not counted');
    const body = comments()[0]!.body;
    assert.match(body, /lost detection: double-reserve/);
    assert.match(body, /\| inventory \| covers-idempotency: .* \| 1\/1 → 0\/1 \| regressed \(not gated\) \| yes 0 · no 1 \| not gated, because the task has no labelled set to calibrate it against/);
    assert.match(body, /#### Model judge: base against head \(blind, both orders\)/);
    assert.match(body, /\| inventory \| covers-idempotency \| 1 \| 0 \| 1 \| 0 \| 0 \| 0 \| 0 \|/);
    assert.match(body, /scripted-judge-1: 0 of 1 pair answered in both orders was inconsistent\./);
    const artifact = fake.state.artifacts.find((a) => a.run_id === fake.state.runId && a.name === NAME)!;
    assert.ok(artifact.files!.has('pairwise/inventory/covers-idempotency/pair-1.json'), 'the pairwise transcripts are evidence');
    assert.ok(artifact.files!.has('inventory/trial-001/evidence/judge/covers-idempotency.json'));
  });

  it('a baseline older than the PR base says how many commits behind it is', async () => {
    await runAction({ event: 'push' });
    const older = 'a'.repeat(40);
    promoteUploadToBaseline(older);
    fake.state.compares.set(`${older}...${BASE_SHA}`, { ahead_by: 3, behind_by: 0 });
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.outputs.verdict, 'pass');
    assert.match(comments()[0]!.body, /the PR's base commit bbbbbbb has no baseline run; the newest baseline \(.+\) is 3 commits behind it/);
  });

  it('with k = 1 against one base run familywise could flag nothing: strict gates, says why, and confirms nothing', async () => {
    await runAction({ event: 'push' });
    promoteUploadToBaseline();
    const result = await runAction({ event: 'pull_request', skill: skillWithoutIdempotency, inputs: { 'confirm-trials': '4' } });
    assert.equal(result.outputs.verdict, 'regression');
    const body = comments()[0]!.body;
    assert.match(body, /Policy \*\*strict\*\* \(default with 1 base run \(familywise cannot flag anything here: with k = 1 and 1 base run, even a total loss \(1\/1 → 0\/1\) reaches only p = 0\.5/);
    assert.doesNotMatch(body, /Sequential confirmation/);
    assert.match(body, /\| 1\/1 \| 0\/1 \|/);
  });

  it('a PR that touches no watched path is skipped with a notice', async () => {
    const result = await runAction({ event: 'pull_request', changed: ['README.md'] });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'skipped');
    assert.match(result.summary, /Skipped: none of the 1 changed files matches the watched paths \(skills\/\*\*, fixture\/\*\*\) or trialgate\.yml/);
    assert.equal(fake.state.artifacts.length, 0, 'no trials ran');
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

  it('an expired and a corrupt base artefact are named and skipped; the PR is judged without them', async () => {
    const expired = fake.addRun({ head_sha: 'e'.repeat(40) });
    fake.addArtifact({ run_id: expired.id, name: NAME, files: {}, expired: true });
    const corrupt = fake.addRun({ head_sha: BASE_SHA });
    fake.addArtifact({ run_id: corrupt.id, name: NAME, zip: Buffer.from('not a zip at all, just bytes') });
    const result = await runAction({ event: 'pull_request' });
    assert.equal(result.exitCode, 0);
    assert.equal(result.outputs.verdict, 'no-baseline');
    const body = comments()[0]!.body;
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
    await runAction({ event: 'pull_request', inputs: { shard: '1/2', trials: '2' } });
    await runAction({ event: 'pull_request', inputs: { shard: '2/2', trials: '2' } });
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
    assert.ok(files(NAME).every((f) => !f.includes('/')), `no trial directory copied: ${files(NAME).join(', ')}`);
    assert.ok(files(NAME).includes('results.json'));
    assert.match(comments()[0]!.body, new RegExp(`trial directories are in the artefacts of the shards: \\[1/2\\]\\(.*\\) · \\[2/2\\]\\(.*/artifacts/${trialsOfTwo.id}\\)`));
    const downloads = (id: number) => fake.state.requests.filter((r) => r.method === 'GET' && new RegExp(`/artifacts/${id}(/zip|\\.zip)$`).test(r.path)).length;
    const resultsOfTwo = fake.state.artifacts.find((a) => a.name === `${NAME}-shard-2-of-2`)!;
    assert.ok(downloads(resultsOfTwo.id) > 0 && downloads(trialsOfTwo.id) === 0, 'the merge downloads the results of a shard, never its trial directories');
  });

  it('secret values never reach the artefact or the comment: scrubbed from the agent log and every file', async () => {
    // `&` and `<` change spelling in HTML: report.html must scrub the text, not its escaped form.
    const secret = 'sk-live-0123&456789<abcdefghij';
    process.env.LLM_API_KEY = secret;
    try {
      const result = await runAction({
        event: 'pull_request',
        command: 'echo "calling the model with $LLM_API_KEY"; echo "$LLM_API_KEY" > candidate/leak.txt; echo "token: $GITHUB_TOKEN $ACTIONS_RUNTIME_TOKEN"; cat /proc/*/environ 2>/dev/null | tr "\\0" "\\n" | grep -i token; echo "all tests passed"',
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
