// trialgate.yml as a file: read, parsed and validated (YAML → zod), before any fixture is loaded. What the
// action's first decision needs (the watched paths and the tasks' fixture directories) without the engine;
// trialset.ts goes on from here to fixtures and kinds.
import { dirname, resolve } from 'node:path';
import { HOLDOUT_KEY_ENV } from '../schemas/holdout.ts';
import { TrialSetFile } from '../schemas/trialset.ts';
import { UserInputError } from '../util/errors.ts';
import { readTextFile } from '../util/files.ts';
import { sha256 } from '../util/hash.ts';
import { parseYamlConfig } from '../util/yaml-config.ts';

export interface TrialSetText {
  file: string;
  /** The directory of trialgate.yml: the project. */
  dir: string;
  config: TrialSetFile;
  sha256: string;
}

export async function readTrialSetFile(path: string): Promise<TrialSetText> {
  const file = resolve(path);
  const text = await readTextFile(file, 'no trial set here; pass --config or create one with `trialgate init` (see docs/trial-set.md)');
  return { file, dir: dirname(file), config: parseTrialSetText(text, file), sha256: sha256(text) };
}

/** Parse and validate the YAML text; exported so tests and the JSON Schema share one path. */
export function parseTrialSetText(text: string, file: string): TrialSetFile {
  const config = parseYamlConfig(TrialSetFile, text, file);
  const ids = new Set<string>();
  for (const [i, task] of config.tasks.entries()) {
    if (ids.has(task.id)) throw new UserInputError(file, `tasks[${i}].id`, `task id ${task.id} is used twice; task ids must be unique`);
    ids.add(task.id);
  }
  if (config.watch.length === 0 && !config.tasks.some((task) => task.watch.length > 0))
    throw new UserInputError(file, 'watch', "at least one glob of the prompt/skill files under test, here (every task's) or in a task's own watch");
  refuseRulersSecrets(config, file);
  return config;
}

/** The runner's tokens an agent has no use for: they reach this run's artefacts, cloud credentials and the services' control channel. */
const RUNNER_TOKENS = ['ACTIONS_RUNTIME_TOKEN', 'ACTIONS_ID_TOKEN_REQUEST_TOKEN', 'TRIALGATE_CONTROL_TOKEN'];

/**
 * An agent is never passed a secret of what measures it: the holdout source's token would let it fetch the
 * holdout tasks' hidden tests and answers, the holdout key names them, the runner's tokens reach past the
 * trial. pass_env is the agent's own setting, no change of the ruler, so it must not be able to name them.
 */
function refuseRulersSecrets(config: TrialSetFile, file: string): void {
  const held = new Map<string, string>([
    [config.holdout?.key_env ?? HOLDOUT_KEY_ENV, 'the holdout key'],
    ...(config.holdout?.source ? [[config.holdout.source.token_env, "the holdout source's token: it reads the holdout tasks' answers"] as const] : []),
    ...RUNNER_TOKENS.map((name) => [name, "a token of the runner's"] as const),
  ]);
  const named = [
    ...config.agent.pass_env.map((name, j) => ({ name, field: `agent.pass_env[${j}]` })),
    ...config.tasks.flatMap((task, i) => (task.agent?.pass_env ?? []).map((name, j) => ({ name, field: `tasks[${i}].agent.pass_env[${j}]` }))),
  ];
  const bad = named.find(({ name }) => held.has(name));
  if (bad)
    throw new UserInputError(
      file,
      bad.field,
      `${bad.name} is ${held.get(bad.name)}, which the agent under test must never be given; remove it (a model's key belongs here, under a name of its own)`,
    );
}
