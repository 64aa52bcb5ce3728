// Which values are secret: the one place that knows. Every path that writes or sends something (the agent's
// log, acceptance and repair evidence, the judge's transcripts and cache, results and reports, the gate's
// comment, the action's artefact and the runner's log) asks here, with what it has loaded, so no path
// scrubs a smaller set than another. util/scrub.ts does the scrubbing.
import type { TrialSetFile } from './schemas/trialset.ts';
import { MIN_SECRET_LENGTH, Scrubber } from './util/scrub.ts';

/** Variables whose values trialgate holds and must never write: the runner's and GitHub's tokens. */
export const TOKEN_VARIABLES = [
  'GITHUB_TOKEN',
  'GH_TOKEN',
  'INPUT_GITHUB-TOKEN',
  'INPUT_GITHUB_TOKEN',
  'ACTIONS_RUNTIME_TOKEN',
  'ACTIONS_ID_TOKEN_REQUEST_TOKEN',
  'TRIALGATE_CONTROL_TOKEN',
];

/** What a command has loaded that names secret variables or holds secret values. */
export interface SecretSources {
  /**
   * trialgate.yml: the variables its agent is passed (`agent.pass_env`), its judge's key (`judge.api_key_env`),
   * the holdout key and the holdout source's token (`holdout.key_env`, `holdout.source.token_env`).
   */
  config?: {
    agent: { pass_env: readonly string[] };
    judge?: { api_key_env?: string | undefined } | undefined;
    holdout?: { key_env: string; source?: { token_env: string } | undefined } | undefined;
  };
  /** Each task: the variables its own agent and its acceptor are passed (a task's `agent.pass_env`, `acceptance.pass_env`). */
  tasks?: readonly { passEnv: readonly string[] }[];
  /** Variables named besides (the action's `secret-env`). */
  names?: readonly string[];
  /** Values held besides (the action's token). */
  values?: readonly string[];
}

/** What a loaded task is passed: its agent's variables, and its acceptor's as its kind bound it. */
interface LoadedTask {
  agent: { passEnv: readonly string[] };
  kind: { passEnv: readonly string[] };
}

/**
 * A loaded trial set as a source: its configuration and every task, with `more` tasks besides (a holdout
 * source's, fetched for the run).
 */
export function trialSetSources(
  set: { config: NonNullable<SecretSources['config']>; tasks: readonly LoadedTask[] },
  more: readonly LoadedTask[] = [],
): SecretSources {
  return { config: set.config, tasks: [...set.tasks, ...more].map((task) => ({ passEnv: [...task.agent.passEnv, ...task.kind.passEnv] })) };
}

/**
 * trialgate.yml alone, before its fixtures are loaded (the action's first steps): the acceptors it names
 * itself. A fixture's own acceptor is known once the trial set is loaded (trialSetSources).
 */
export function trialSetFileSources(config: TrialSetFile): SecretSources {
  return {
    config,
    tasks: config.tasks.map((task) => ({
      passEnv: [...(task.agent?.pass_env ?? []), ...(task.acceptance && 'pass_env' in task.acceptance ? task.acceptance.pass_env : [])],
    })),
  };
}

export interface SecretSet {
  scrubber: Scrubber;
  /** Named variables that are unset or empty (nothing to scrub; worth a warning). */
  unset: string[];
  /** Named variables whose value is too short to scrub safely. */
  tooShort: string[];
}

/** Variables that hold a secret when they are set and are not missed when not: the tokens and keys trialgate holds. */
function heldVariables(sources: SecretSources): string[] {
  const holdout = sources.config?.holdout;
  return [...TOKEN_VARIABLES, ...(holdout ? [holdout.key_env, ...(holdout.source ? [holdout.source.token_env] : [])] : [])];
}

/** Every variable `sources` name as secret: the runner's tokens first. */
export function secretVariables(sources: SecretSources): string[] {
  const judgeKey = sources.config?.judge?.api_key_env;
  return [
    ...new Set([
      ...heldVariables(sources),
      ...(sources.config?.agent.pass_env ?? []),
      ...(judgeKey ? [judgeKey] : []),
      ...(sources.tasks ?? []).flatMap((task) => task.passEnv),
      ...(sources.names ?? []),
    ]),
  ];
}

/**
 * The secret values of `sources` in `env`: what every path scrubs. A token or key variable that is unset is
 * not worth a word (most are unset outside GitHub); any other named variable that is unset or too short is told.
 */
export function secretsOf(sources: SecretSources, env: Readonly<Record<string, string | undefined>> = process.env): SecretSet {
  const unset: string[] = [];
  const tooShort: string[] = [];
  const values = [...(sources.values ?? []).filter((value) => value.length > 0)];
  const held = heldVariables(sources);
  for (const name of secretVariables(sources)) {
    const value = env[name];
    if (!value) {
      if (!held.includes(name)) unset.push(name);
    } else if (value.length < MIN_SECRET_LENGTH) tooShort.push(name);
    else values.push(value);
  }
  return { scrubber: new Scrubber(values), unset, tooShort };
}
