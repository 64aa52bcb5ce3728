// One gate, two front ends: the GitHub Action (against the loopback GitHub) and `trialgate gate` (with the
// baseline artefact the action downloaded, as a directory) give the same verdict, exit status and comment
// for the same trial set and base: a regression, an outage (undecided), and an unchanged head.
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeEach, describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { extractZip } from '../src/util/unzip.ts';
import { useFakeGitHub } from './support/github-env.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const fake = await useFakeGitHub();
const { run } = await import('../src/action/start.ts');
const actions = await import('./support/action-run.ts');
const { BASE_SHA, NAME, PR, skillWithoutIdempotency } = actions;

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
      .replace(/\[evidence artefact\]\([^)]*\)/g, 'the evidence artefact')
      .replace(/\d+(\.\d+)? s\b/g, '<time>')
      .replace(/\n{3,}/g, '\n\n')
  );
}

/** The base artefact as `gh run download` leaves it: one directory per artefact. */
async function downloadedBaseline(): Promise<string> {
  const dir = await tempDir('trialgate-downloaded-');
  const artifact = fake.state.artifacts.find((a) => a.name === NAME && a.run_id !== fake.state.runId)!;
  const zip = join(await tempDir('trialgate-zip-'), 'artifact.zip');
  await writeFile(zip, artifact.zip);
  const into = join(dir, `run-${artifact.run_id}`, NAME);
  await mkdir(into, { recursive: true });
  await extractZip(zip, into);
  return dir;
}

async function both(options: { skill?: string; agent?: Record<string, unknown>; baseAgent?: Record<string, unknown> }) {
  await actions.pushedBaseline(fake, run, { trials: 2, ...(options.baseAgent ? { agent: options.baseAgent } : {}) });
  const action = await actions.runAction(fake, run, { event: 'pull_request', trials: 2, ...options });
  const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
  const io = captureIo();
  const exit = await main(['gate', '--config', action.config, '--base-dir', await downloadedBaseline(), '--base-sha', BASE_SHA, '--out', await tempDir()], io);
  return { action, comment, cli: { exit, out: io.out, err: io.err } };
}

describe('the action and `trialgate gate` are one gate', () => {
  beforeEach(() => fake.reset());

  it('a lost detection: the same regressions, exit status and comment', async () => {
    const { action, comment, cli } = await both({ skill: skillWithoutIdempotency });
    assert.equal(action.outputs.verdict, 'regression');
    assert.equal(action.exitCode, 1);
    assert.equal(cli.exit, 1, cli.err);
    assert.match(comment, /\*\*Confirmation:\*\* 11 extra head trials/);
    assert.equal(normalized(cli.out), normalized(comment));
  });

  it('an outage on the head: both undecided, both say rerun, neither passes nor calls it a regression', async () => {
    // The provider is down for the PR's job: the agent says so (docs/agents.md), and every head trial is an
    // environment error. (A variable the job lacks is a setup mistake instead: `gate` exits 2 for it.)
    await actions.pushedBaseline(fake, run, { trials: 2 });
    const outage = 'echo "trialgate-env-error: the provider answered 503 (outage)"; exit 75';
    const action = await actions.runAction(fake, run, { event: 'pull_request', trials: 2, command: outage });
    const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
    const io = captureIo();
    const exit = await main(
      ['gate', '--config', action.config, '--base-dir', await downloadedBaseline(), '--base-sha', BASE_SHA, '--out', await tempDir()],
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
    const twoSkills = (second: string) => ({ trials: 2, ...actions.twoSkills(second) });
    await actions.pushedBaseline(fake, run, twoSkills(actions.fullSkill));
    const action = await actions.runAction(fake, run, { event: 'pull_request', ...twoSkills(skillWithoutIdempotency), changed: ['skills/second.md'] });
    const comment = fake.state.comments.filter((c) => c.issue === PR).at(-1)!.body;
    const changed = join(await tempDir(), 'changed.txt');
    await writeFile(changed, 'skills/second.md\n');
    const io = captureIo();
    const exit = await main(
      ['gate', '--config', action.config, '--changed', changed, '--base-dir', await downloadedBaseline(), '--base-sha', BASE_SHA, '--out', await tempDir()],
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
      await main(['gate', '--config', action.config, '--changed', changed, '--base-dir', await downloadedBaseline(), '--out', await tempDir()], skipped),
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

/** What a front end printed while it ran: the action's workflow commands (its ::error:: line among them). */
async function printed<T>(work: () => Promise<T>): Promise<{ result: T; text: string }> {
  const lines: string[] = [];
  const write = process.stdout.write;
  process.stdout.write = ((chunk: string | Uint8Array) => (lines.push(String(chunk)), true)) as typeof process.stdout.write;
  try {
    return { result: await work(), text: lines.join('') };
  } finally {
    process.stdout.write = write;
  }
}

describe('every input, both front ends: the same verdict, exit status and message', () => {
  beforeEach(() => fake.reset());
  const exitOf = (verdict: string, failed: boolean) => (!failed ? 0 : verdict === 'regression' ? 1 : verdict === 'undecided' ? 3 : 2);
  const two = {
    extra: {
      tasks: [
        { id: 'inventory', set: 'dev', fixture: 'fixture', acceptance: 'http-cases' },
        { id: 'second', set: 'dev', fixture: 'fixture', acceptance: 'http-cases' },
      ],
    },
  };
  const rows: {
    name: string;
    base?: Partial<Parameters<typeof actions.runAction>[2]>;
    pr: Partial<Parameters<typeof actions.runAction>[2]>;
    cli?: string[];
    verdict: string;
    exit: number;
    message?: RegExp;
  }[] = [
    { name: 'unchanged', base: {}, pr: {}, verdict: 'pass', exit: 0 },
    {
      name: 'a lost detection',
      base: {},
      pr: { skill: skillWithoutIdempotency },
      verdict: 'regression',
      exit: 1,
      message: /regressions? against the base branch/,
    },
    {
      name: 'a lost detection the default policy cannot see at k = 1 against one base run',
      base: {},
      pr: { skill: skillWithoutIdempotency, inputs: { policy: 'auto' } },
      verdict: 'undecided',
      exit: 3,
      message: /^undecided, not a regression: .*the base history cannot show even a total loss here/,
    },
    {
      name: 'an outage the agent declares',
      base: {},
      pr: { command: 'echo "trialgate-env-error: the provider answered 503"; exit 75' },
      verdict: 'undecided',
      exit: 3,
      message: /^undecided, not a regression: /,
    },
    {
      name: 'a setup mistake (a variable the job lacks)',
      base: {},
      pr: { agent: { pass_env: ['TRIALGATE_PARITY_UNSET_VARIABLE'] } },
      verdict: 'error',
      exit: 2,
      message: /^no trial could execute: every one is a setup mistake/,
    },
    { name: 'no baseline', pr: {}, verdict: 'no-baseline', exit: 0 },
    {
      name: 'no baseline, required',
      pr: { inputs: { 'fail-without-baseline': 'true' } },
      cli: ['--fail-without-baseline'],
      verdict: 'no-baseline',
      exit: 2,
      message: /^no baseline results/,
    },
    {
      name: 'a task removed from the trial set',
      base: two,
      pr: {},
      verdict: 'undecided',
      exit: 3,
      message: /this pull request changes what measures it \(task second\)/,
    },
    {
      name: 'a task removed, approved by a maintainer',
      base: two,
      pr: { labels: ['trialgate: approve measurement change'] },
      cli: ['--approved-by', 'the label `trialgate: approve measurement change` on the pull request'],
      verdict: 'pass',
      exit: 0,
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      if (row.base) {
        await actions.runAction(fake, run, { event: 'push', trials: 1, ...row.base });
        actions.promoteUploadToBaseline(fake);
      }
      const { result: action, text } = await printed(() => actions.runAction(fake, run, { event: 'pull_request', trials: 1, ...row.pr }));
      const io = captureIo();
      const dir = row.base ? await downloadedBaseline() : await tempDir('trialgate-nobase-');
      // The policy the action's runs use (test/support/action-run.ts: strict at k = 1 unless a row says otherwise).
      const policy = row.pr.inputs?.policy === 'auto' ? [] : ['--policy', 'strict'];
      const exit = await main(
        ['gate', '--config', action.config, '--base-dir', dir, '--base-sha', BASE_SHA, '--out', await tempDir(), ...policy, ...(row.cli ?? [])],
        io,
      );
      assert.equal(action.outputs.verdict, row.verdict, `action: ${row.name}\n${action.summary}`);
      assert.equal(exit, row.exit, `trialgate gate: ${row.name}\n${io.err}`);
      assert.equal(exitOf(action.outputs.verdict!, action.exitCode !== 0), exit, 'the step fails exactly when gate exits non-zero, for the same reason');
      const actionMessage = /::error::trialgate: (.*)/.exec(text)?.[1] ?? null;
      const cliMessage =
        /^trialgate gate: (.*)$/m.exec(
          io.err
            .split('\n')
            .filter((l) => l.startsWith('trialgate gate: '))
            .at(-1) ?? '',
        )?.[1] ?? null;
      if (row.exit === 0) assert.equal(actionMessage, null, text);
      else {
        assert.match(cliMessage ?? '', row.message!);
        assert.equal(actionMessage?.replace(/%0A/g, '\n'), cliMessage, 'the same message in both');
      }
    });
  }
});
