// The holdout source's tasks for a run: fetched (holdout/fetch.ts) unless the caller refuses it (a pull
// request from a fork), then holdout.yml read and each task resolved as trialgate.yml's are, its fixture
// inside the fetched directory and hashed like any fixture. Whatever goes wrong is the environment's:
// the run goes on without them and records why (results.json `holdout.unavailable`), which leaves the
// comparison undecided, never passed. The public reason names none of the tasks; the whole error goes
// to the sealed detail.
import { join } from 'node:path';
import { fetchSource, HoldoutUnavailable } from '../holdout/fetch.ts';
import { HoldoutFile } from '../schemas/holdout-file.ts';
import type { HoldoutSource } from '../schemas/holdout.ts';
import type { TaskSpec } from '../schemas/trialset.ts';
import { UserInputError } from '../util/errors.ts';
import { readTextFile } from '../util/files.ts';
import { parseYamlConfig } from '../util/yaml-config.ts';
import { agentOf, resolveTask, sharedAgentFiles, type ResolvedTask, type TrialSet } from './trialset.ts';

/** What the caller allows: `refused` says why the source is not fetched here (a fork's pull request). */
export interface RemoteHoldout {
  refused?: string;
}

export interface SourceTasks {
  tasks: ResolvedTask[];
  /** Directories no agent may see: where the source was fetched to. */
  conceal: string[];
  cleanup: () => Promise<void>;
  /** The token's value, scrubbed from everything written. */
  secrets: string[];
  /** Why the source's tasks are not in the run, naming none of them. */
  unavailable?: string;
  /** The whole error, for the sealed detail only. */
  detail?: string;
}

export async function fetchHoldoutTasks(set: TrialSet, source: HoldoutSource, remote: RemoteHoldout): Promise<SourceTasks> {
  const token = process.env[source.token_env];
  const secrets = token ? [token] : [];
  const none = async () => {};
  if (remote.refused) return { tasks: [], conceal: [], cleanup: none, secrets, unavailable: `the holdout source was not fetched: ${remote.refused}` };
  let fetched;
  try {
    fetched = await fetchSource(source, process.env);
  } catch (e) {
    if (e instanceof HoldoutUnavailable) return { tasks: [], conceal: [], cleanup: none, secrets, unavailable: e.message };
    throw e;
  }
  const file = join(fetched.dir, 'holdout.yml');
  try {
    const config = parseYamlConfig(HoldoutFile, await readTextFile(file, 'the holdout source has no holdout.yml'), file);
    const tasks: ResolvedTask[] = [];
    // A holdout task runs the trial set's shared agent: the prompt and skills under test, nothing of its own.
    const shared = await sharedAgentFiles(set);
    for (const [i, spec] of config.tasks.entries()) {
      if (set.config.tasks.some((t) => t.id === spec.id) || tasks.some((t) => t.spec.id === spec.id))
        throw new UserInputError(file, `tasks[${i}].id`, `${spec.id} is the id of another task; ids are unique across trialgate.yml and holdout.yml`);
      const task: TaskSpec = { ...spec, set: 'holdout', watch: [] };
      tasks.push({ ...(await resolveTask(file, fetched.dir, task, i)), agent: agentOf(set.config, task, shared) });
    }
    return { tasks, conceal: [fetched.root], cleanup: fetched.cleanup, secrets };
  } catch (e) {
    await fetched.cleanup();
    if (!(e instanceof UserInputError)) throw e;
    return {
      tasks: [],
      conceal: [],
      cleanup: none,
      secrets,
      unavailable: 'the holdout source’s holdout.yml or one of its fixtures is not valid (what is wrong is in the sealed holdout detail)',
      detail: e.message.replaceAll(fetched.dir, '<holdout source>'),
    };
  }
}
