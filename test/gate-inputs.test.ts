// One gate, two front ends, every input: a table of trial sets, bases and pull requests run through the
// GitHub Action (against the loopback GitHub) and `trialgate gate` (with the baseline artefact the action
// downloaded): the same verdict, exit status and message for each, setup mistakes included. A file of its
// own so that it runs beside gate-parity.test.ts.
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { main } from '../src/cli/main.ts';
import { useFakeGitHub } from './support/github-env.ts';
import { tempDir } from './support/fixtures.ts';
import { captureIo } from './support/io.ts';

const fake = await useFakeGitHub();
const { run } = await import('../src/action/start.ts');
const actions = await import('./support/action-run.ts');
const { BASE_SHA, skillWithoutIdempotency } = actions;

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
      message: /regressions?( \(\d+ checks lost\))? against the base branch/,
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
      pr: { labels: ['trialgate: approve measurement change'], action: 'labeled', label: 'trialgate: approve measurement change' },
      cli: ['--approved-by', 'the label `trialgate: approve measurement change`, added to the pull request at this commit'],
      verdict: 'pass',
      exit: 0,
    },
    {
      // The maintainer approved an earlier commit; the author pushed since (the label stays on the pull request).
      name: 'a task removed after the approval label was added: the label approves the commit it was added at, not this one',
      base: two,
      pr: { labels: ['trialgate: approve measurement change'], action: 'synchronize' },
      verdict: 'undecided',
      exit: 3,
      message: /this pull request changes what measures it \(task second\)/,
    },
  ];
  for (const row of rows) {
    it(row.name, async () => {
      // The push to main that made the baseline, recorded once per suite run for the rows that share it.
      if (row.base) await actions.pushedBaseline(fake, run, { trials: 1, ...row.base });
      const { result: action, text } = await printed(() => actions.runAction(fake, run, { event: 'pull_request', trials: 1, ...row.pr }));
      const io = captureIo();
      const dir = row.base ? await actions.downloadedBaseline(fake) : await tempDir('trialgate-nobase-');
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
