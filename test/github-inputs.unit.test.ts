import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { describe, it } from 'node:test';
import { parse as parseYaml } from 'yaml';
import { INPUT_NAMES, parseInputs, readInputs } from '../src/action/inputs.ts';
import type { InputName, RawInputs } from '../src/action/inputs.ts';
import { UserInputError } from '../src/util/errors.ts';

const token = { 'github-token': 'ghs_secretvalue123' } as const;

describe('action inputs', () => {
  it('fills every default the action.yml documents', () => {
    assert.deepEqual(parseInputs(token), {
      config: 'trialgate.yml',
      githubToken: 'ghs_secretvalue123',
      mode: 'run',
      shard: null,
      shardCount: null,
      trials: null,
      policy: 'auto',
      alpha: null,
      failOn: 'regression',
      failWithoutBaseline: false,
      baselineRuns: 6,
      baselineBranches: [],
      baselineWorkflow: null,
      artifactName: 'trialgate-results',
      retentionDays: 30,
      confirmTrials: null,
      maxTrials: null,
      approvalLabel: 'trialgate: approve measurement change',
      rerunBase: true,
      force: false,
      comment: true,
      secretEnv: [],
    });
  });

  it('declares in action.yml exactly these inputs, with the same defaults, and the documented outputs', async () => {
    const action = parseYaml(await readFile(new URL('../action.yml', import.meta.url), 'utf8')) as {
      inputs: Record<string, { default: string }>;
      outputs: Record<string, unknown>;
      runs: Record<string, string>;
    };
    assert.deepEqual(Object.keys(action.inputs).sort(), [...INPUT_NAMES].sort());
    assert.equal(action.inputs['github-token']!.default, '${{ github.token }}');
    const declared = Object.fromEntries(Object.entries(action.inputs).map(([name, input]) => [name, String(input.default)]));
    assert.deepEqual(parseInputs({ ...declared, ...token }), parseInputs(token));
    assert.deepEqual(Object.keys(action.outputs), ['verdict', 'regressions', 'results-path', 'comment-url', 'artifact-id']);
    assert.deepEqual(action.runs, { using: 'node24', main: 'dist/index.js' });
  });

  it('parses set values', () => {
    const inputs = parseInputs({
      ...token,
      shard: '2/4',
      trials: '5',
      policy: 'familywise',
      alpha: '0.1',
      'fail-on': 'never',
      'fail-without-baseline': 'True',
      'baseline-runs': '20',
      'baseline-branches': 'main, release/1.x\nnext',
      'baseline-workflow': 'trialgate.yml',
      'retention-days': '90',
      'confirm-trials': '3',
      force: 'TRUE',
      comment: 'false',
      'secret-env': 'OPENAI_API_KEY\nANTHROPIC_API_KEY',
    });
    assert.deepEqual(inputs.shard, { index: 2, count: 4 });
    assert.deepEqual(inputs.baselineBranches, ['main', 'release/1.x', 'next']);
    assert.deepEqual(inputs.secretEnv, ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY']);
    assert.deepEqual([inputs.trials, inputs.alpha, inputs.failWithoutBaseline, inputs.force, inputs.comment], [5, 0.1, true, true, false]);
    assert.deepEqual(parseInputs({ ...token, mode: 'merge', shard: '4' }).shardCount, 4);
  });

  const bad: [InputName, string, RegExp][] = [
    ['github-token', '', /leave the input unset/],
    ['mode', 'fan-out', /one of run \| merge \(got "fan-out"\)/],
    ['shard', '3/2', /i\/n with 1 ≤ i ≤ n/],
    ['shard', '0/2', /i\/n with 1 ≤ i ≤ n/],
    ['shard', 'two', /i\/n/],
    ['trials', '0', /an integer from 1 to 1000 \(got "0"\)/],
    ['trials', '2.5', /an integer from 1 to 1000/],
    ['policy', 'vibes', /one of auto \| familywise \| strict/],
    ['policy', 'history', /replaced by familywise/],
    ['alpha', '1', /a number between 0 and 1/],
    ['alpha', '0.05x', /a number between 0 and 1/],
    ['fail-on', 'always', /one of regression \| never/],
    ['fail-without-baseline', 'yes', /true or false \(got "yes"\)/],
    ['baseline-runs', '21', /an integer from 1 to 20/],
    ['baseline-branches', 'main, has space', /branch names .* \(got "has space"\)/],
    ['baseline-workflow', '../evil', /a workflow file name/],
    ['artifact-name', 'a/b', /an artefact name without/],
    ['retention-days', '91', /an integer from 1 to 90/],
    ['confirm-trials', '-1', /an integer from 0 to 400/],
    ['force', 'on', /true or false/],
    ['comment', '1', /true or false/],
    ['secret-env', 'OPENAI-KEY', /environment variable names/],
  ];
  for (const [name, value, expected] of bad) {
    it(`names the bad input ${name}="${value}" and what it expects`, () => {
      const raw: RawInputs = { ...token, [name]: value };
      assert.throws(
        () => parseInputs(raw),
        (e: unknown) => e instanceof UserInputError && e.field === name && expected.test(e.message) && e.message.startsWith(`action input: ${name}: `),
      );
    });
  }

  it('never echoes the token in an error', () => {
    assert.throws(
      () => parseInputs({ ...token, mode: 'merge' }),
      (e: Error) => !e.message.includes(token['github-token']),
    );
  });

  it('reads INPUT_<NAME> variables the way the runner sets them (hyphens kept, whitespace trimmed)', () => {
    const saved = { ...process.env };
    try {
      for (const name of INPUT_NAMES) delete process.env[`INPUT_${name.toUpperCase()}`];
      process.env['INPUT_GITHUB-TOKEN'] = 'ghs_x1234';
      process.env['INPUT_BASELINE-RUNS'] = ' 3 ';
      process.env['INPUT_FAIL-ON'] = 'never';
      const inputs = readInputs();
      assert.deepEqual([inputs.githubToken, inputs.baselineRuns, inputs.failOn], ['ghs_x1234', 3, 'never']);
    } finally {
      process.env = saved;
    }
  });
});
