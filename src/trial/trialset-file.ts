// trialgate.yml as a file: read, parsed and validated (YAML → zod), before any fixture is loaded. What the
// action's first decision needs (the watched paths and the tasks' fixture directories) without the engine;
// trialset.ts goes on from here to fixtures and kinds.
import { dirname, resolve } from 'node:path';
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
  return config;
}
