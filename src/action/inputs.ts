// The action's inputs, read once and parsed into one typed object. A bad input fails with its name,
// what it expects, and what it got (never the token's value).
import { getInput } from '@actions/core';
import { z } from 'zod';
import { firstIssue } from '../util/errors.ts';

export const INPUT_NAMES = [
  'config',
  'github-token',
  'mode',
  'shard',
  'trials',
  'policy',
  'alpha',
  'fail-on',
  'fail-without-baseline',
  'baseline-runs',
  'baseline-branches',
  'baseline-workflow',
  'artifact-name',
  'retention-days',
  'confirm-trials',
  'max-trials',
  'approval-label',
  'rerun-base',
  'force',
  'comment',
  'secret-env',
] as const;

export type InputName = (typeof INPUT_NAMES)[number];
export type RawInputs = Partial<Record<InputName, string>>;

/** The label that approves a pull request's change to its measurement, by default. */
export const DEFAULT_APPROVAL_LABEL = 'trialgate: approve measurement change';

/** What a UserInputError from parseInputs names as its file. */
export const INPUTS_FILE = 'action input';

function invalid(ctx: z.RefinementCtx<string>, value: string, expected: string, echo = true): never {
  ctx.issues.push({ code: 'custom', input: value, message: echo ? `${expected} (got "${value}")` : expected });
  return z.NEVER as never;
}

const text = (fallback: string) => z.string().transform((v) => v || fallback);

const optionalText = (pattern: RegExp, expected: string) =>
  z.string().transform((v, ctx) => (v === '' ? null : pattern.test(v) ? v : invalid(ctx, v, expected)));

const oneOf = <const T extends readonly [string, ...string[]]>(values: T, fallback: T[number]) =>
  z.string().transform((v, ctx): T[number] => (v === '' ? fallback : values.includes(v) ? v : invalid(ctx, v, `one of ${values.join(' | ')}`)));

/** Like core.getBooleanInput: the YAML 1.2 core spellings of true and false. */
const bool = (fallback: boolean) =>
  z.string().transform((v, ctx) => {
    if (v === '') return fallback;
    if (['true', 'True', 'TRUE'].includes(v)) return true;
    if (['false', 'False', 'FALSE'].includes(v)) return false;
    return invalid(ctx, v, 'true or false');
  });

function integer(v: string, min: number, max: number, ctx: z.RefinementCtx<string>): number {
  const n = /^\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) && n >= min && n <= max ? n : invalid(ctx, v, `an integer from ${min} to ${max}`);
}

const int = (min: number, max: number, fallback: number) => z.string().transform((v, ctx) => (v === '' ? fallback : integer(v, min, max, ctx)));
const optionalInt = (min: number, max: number) => z.string().transform((v, ctx) => (v === '' ? null : integer(v, min, max, ctx)));

/** Comma- or newline-separated, blanks dropped. */
const list = (item: RegExp, expected: string) =>
  z.string().transform((v, ctx) => {
    const items = v
      .split(/[,\n]/)
      .map((s) => s.trim())
      .filter(Boolean);
    const bad = items.find((s) => !item.test(s));
    return bad === undefined ? items : invalid(ctx, bad, expected);
  });

const RawSchema = z.object({
  config: text('trialgate.yml'),
  'github-token': z.string().transform((v, ctx) => v || invalid(ctx, v, 'a token; leave the input unset to use the default ${{ github.token }}', false)),
  mode: oneOf(['run', 'merge'], 'run'),
  shard: z.string(),
  trials: optionalInt(1, 1000),
  policy: z.string().transform((v, ctx) => {
    if (v === 'statistical' || v === 'history')
      return invalid(ctx, v, 'auto, familywise or strict: statistical and history were replaced by familywise, which bounds false alarms over the whole suite');
    return v === '' ? 'auto' : v === 'auto' || v === 'familywise' || v === 'strict' ? v : invalid(ctx, v, 'one of auto | familywise | strict');
  }),
  alpha: z.string().transform((v, ctx) => {
    if (v === '') return null;
    const a = Number(v);
    return /^(0?\.\d+|\d+(\.\d+)?(e-?\d+)?)$/i.test(v) && a > 0 && a < 1 ? a : invalid(ctx, v, 'a number between 0 and 1, such as 0.05');
  }),
  'fail-on': oneOf(['regression', 'never'], 'regression'),
  'fail-without-baseline': bool(false),
  'baseline-runs': int(1, 20, 6),
  'baseline-branches': list(/^[^\s~^:?*[\\]+$/, 'branch names separated by commas or new lines'),
  'baseline-workflow': optionalText(/^(\d+|[\w.-]+\.ya?ml)$/, 'a workflow file name such as trialgate.yml, or a workflow id'),
  'artifact-name': text('trialgate-results').pipe(z.string().regex(/^[^":<>|*?\r\n\\/]+$/, 'an artefact name without " : < > | * ? \\ / or line breaks')),
  'retention-days': int(1, 90, 30),
  'confirm-trials': optionalInt(0, 400),
  'max-trials': optionalInt(1, 1_000_000),
  'approval-label': text(DEFAULT_APPROVAL_LABEL),
  'rerun-base': bool(true),
  force: bool(false),
  comment: bool(true),
  'secret-env': list(/^[A-Za-z_][A-Za-z0-9_]*$/, 'environment variable names separated by commas or new lines'),
});

export interface ActionInputs {
  config: string;
  githubToken: string;
  mode: 'run' | 'merge';
  /** mode run: this job's slice `i/n`, or null when not sharded. */
  shard: { index: number; count: number } | null;
  /** mode merge: how many shards to join (the `shard` input holds n). */
  shardCount: number | null;
  /** Override of the trial set's k. */
  trials: number | null;
  policy: 'auto' | 'familywise' | 'strict';
  alpha: number | null;
  failOn: 'regression' | 'never';
  failWithoutBaseline: boolean;
  baselineRuns: number;
  /** Branches whose pushes record baselines; empty = the repository's default branch. */
  baselineBranches: string[];
  /** Workflow file name or id holding baselines; null = this run's own workflow. */
  baselineWorkflow: string | null;
  artifactName: string;
  retentionDays: number;
  /** Most extra trials per task of the confirmation; null = the default (8 × k, or what a total loss needs); 0 = none. */
  confirmTrials: number | null;
  /** Most agent trials a pull request may run in all; null = each task's own cap only. */
  maxTrials: number | null;
  /** The label a maintainer sets on a pull request to approve its change to the measurement. */
  approvalLabel: string;
  /** Rerun the base commit beside the head where the recorded base runs cannot decide a task (paired rounds). */
  rerunBase: boolean;
  force: boolean;
  comment: boolean;
  /** Names of environment variables whose values are secrets. */
  secretEnv: string[];
}

/** Parse raw input strings (missing = empty = the default). Pure; throws UserInputError naming the input. */
export function parseInputs(raw: RawInputs): ActionInputs {
  const strings = Object.fromEntries(INPUT_NAMES.map((name) => [name, (raw[name] ?? '').trim()]));
  const parsed = RawSchema.safeParse(strings);
  if (!parsed.success) throw firstIssue(INPUTS_FILE, parsed.error);
  const p = parsed.data;
  const { shard, shardCount } = parseShard(p.mode, p.shard);
  return {
    config: p.config,
    githubToken: p['github-token'],
    mode: p.mode,
    shard,
    shardCount,
    trials: p.trials,
    policy: p.policy,
    alpha: p.alpha,
    failOn: p['fail-on'],
    failWithoutBaseline: p['fail-without-baseline'],
    baselineRuns: p['baseline-runs'],
    baselineBranches: p['baseline-branches'],
    baselineWorkflow: p['baseline-workflow'],
    artifactName: p['artifact-name'],
    retentionDays: p['retention-days'],
    confirmTrials: p['confirm-trials'],
    maxTrials: p['max-trials'],
    approvalLabel: p['approval-label'],
    rerunBase: p['rerun-base'],
    force: p.force,
    comment: p.comment,
    secretEnv: p['secret-env'],
  };
}

function parseShard(mode: 'run' | 'merge', value: string): Pick<ActionInputs, 'shard' | 'shardCount'> {
  const fail = (expected: string) => {
    throw firstIssue(INPUTS_FILE, new z.ZodError([{ code: 'custom', path: ['shard'], input: value, message: `${expected} (got "${value}")` }]));
  };
  if (mode === 'merge') {
    const n = /^\d+$/.test(value) ? Number(value) : NaN;
    return n >= 1 && n <= 256 ? { shard: null, shardCount: n } : fail('with mode merge, the number of shards to join, from 1 to 256');
  }
  if (value === '') return { shard: null, shardCount: null };
  const m = /^(\d+)\s*\/\s*(\d+)$/.exec(value);
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  return m && index >= 1 && count <= 256 && index <= count ? { shard: { index, count }, shardCount: null } : fail('i/n with 1 ≤ i ≤ n ≤ 256, such as 2/4');
}

/** The inputs as the runner passes them (INPUT_<NAME> environment variables). */
export function readRawInputs(): RawInputs {
  return Object.fromEntries(INPUT_NAMES.map((name) => [name, getInput(name)]));
}

/** Read and parse every input once. */
export function readInputs(): ActionInputs {
  return parseInputs(readRawInputs());
}
