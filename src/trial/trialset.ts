// Loads trialgate.yml: YAML → zod → resolved tasks with their fixtures and kinds. A bad file stops
// everything before any trial runs, with the file, line, field path and what was expected. Every path
// the file names stays inside the project (its directory), and nothing the agent is shown may expose a
// fixture's reference answers or service.
import { readFile, stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { loadFixture, mustBeInside, sectionPaths, type Fixture } from '../fixture/load.ts';
import type { BoundKind } from '../kinds/contract.ts';
import { defaultAcceptance, kindOf } from '../kinds/registry.ts';
import type { TaskSpec, TrialSetFile } from '../schemas/trialset.ts';
import { checkJudgeConfig } from '../semantic/config.ts';
import { UserInputError } from '../util/errors.ts';
import { linksMatching, linkTarget, matchFiles } from '../util/files.ts';
import { sha256 } from '../util/hash.ts';
import { refuseExposure, type Protected, type Shown } from './exposure.ts';
import { readTrialSetFile } from './trialset-file.ts';

export { parseTrialSetText } from './trialset-file.ts';

export interface ResolvedTask {
  spec: TaskSpec;
  fixture: Fixture;
  /** The task's kind, bound to its acceptor: the trial set's, else the fixture's, else its default. */
  kind: BoundKind;
  /** fault id → label, in the order the faults run. */
  faults: Record<string, string>;
  agent: TaskAgentSettings;
}

/** A task's agent: the trial set's `agent` with the task's own settings over it. */
export interface TaskAgentSettings {
  command: string;
  /** Literal variables, the trial set's then the task's; ${TRIALGATE_PROJECT} not yet expanded. */
  env: Record<string, string>;
  /** Variables passed on from the runner's environment. */
  passEnv: string[];
  /** Absolute paths it is shown read-only: the trial set's agent.files and watched files, and the task's own. */
  files: string[];
  /** Globs relative to the project of the prompt/skill files that are its version: the trial set's watch, then its own. */
  watch: string[];
}

export interface TrialSet {
  file: string;
  /** The directory of trialgate.yml: the project. Relative paths and $TRIALGATE_PROJECT resolve against it. */
  dir: string;
  config: TrialSetFile;
  sha256: string;
  tasks: ResolvedTask[];
}

export async function loadTrialSet(path: string): Promise<TrialSet> {
  const { file, dir, config, sha256 } = await readTrialSetFile(path);
  const loaded: Omit<ResolvedTask, 'agent'>[] = [];
  for (const [i, spec] of config.tasks.entries()) loaded.push(await resolveTask(file, dir, spec, i));
  const shared = await resolveShown(file, dir, { watch: config.watch, files: config.agent.files }, '');
  const shown: Shown[] = [...shared];
  const tasks: ResolvedTask[] = [];
  for (const [i, task] of loaded.entries()) {
    const own = await resolveShown(file, dir, { watch: task.spec.watch, files: task.spec.agent?.files ?? [] }, `tasks[${i}].`);
    shown.push(...own);
    tasks.push({
      ...task,
      agent: agentOf(
        config,
        task.spec,
        [...shared, ...own].map((s) => s.path),
      ),
    });
  }
  await mustBeInside(dir, resolve(dir, config.repairs), file, 'repairs');
  // Every task's files against every task's fixture: a file one task's agent sees must not hold another task's answers either.
  await refuseExposure(file, dir, shown, await protectedOf(tasks));
  await checkJudgeConfig(file, dir, config, [...new Set(shown.map((s) => s.path))]);
  return { file, dir, config, sha256, tasks };
}

/**
 * One task of `file` (tasks[i]): its fixture loaded inside `dir`, its kind bound, its faults labelled. The
 * holdout source's tasks (holdout-source.ts) are resolved the same way, inside the fetched directory.
 */
export async function resolveTask(file: string, dir: string, spec: TaskSpec, i: number): Promise<Omit<ResolvedTask, 'agent'>> {
  const fixture = await loadFixture(resolve(dir, spec.fixture), dir).catch((e: unknown) => {
    if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].fixture`, `${spec.fixture}: ${e.message}`);
    throw e;
  });
  const kind = kindOf(spec.acceptance ?? defaultAcceptance(fixture));
  try {
    kind.checkFixture(fixture);
  } catch (e) {
    if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].acceptance`, `${kind.name}: ${e.message}`);
    throw e;
  }
  return { spec, fixture, kind, faults: faultLabels(file, i, spec, fixture) };
}

/** A task's agent: the trial set's `agent` with the task's own settings over it; `shown` the paths it may read, shared and its own. */
export function agentOf(config: TrialSetFile, spec: TaskSpec, shown: readonly string[]): TaskAgentSettings {
  return {
    command: spec.agent?.command ?? config.agent.command,
    env: { ...config.agent.env, ...spec.agent?.env },
    passEnv: [...new Set([...config.agent.pass_env, ...(spec.agent?.pass_env ?? [])])],
    files: [...new Set(shown)].sort(),
    watch: [...config.watch, ...spec.watch],
  };
}

function faultLabels(file: string, i: number, spec: TaskSpec, fixture: Fixture): Record<string, string> {
  const known = fixture.manifest.faults;
  if (!spec.faults) return Object.fromEntries(Object.entries(known).map(([id, f]) => [id, f.label]));
  for (const id of Object.keys(spec.faults)) {
    if (!known[id]) {
      throw new UserInputError(
        file,
        `tasks[${i}].faults.${id}`,
        `the fixture ${relative(dirname(file), fixture.dir)} has no fault ${id}; known: ${Object.keys(known).join(', ')}`,
      );
    }
  }
  return spec.faults;
}

/** The paths every task's agent may read: the trial set's watched files and `agent.files`. */
export async function sharedAgentFiles(set: Pick<TrialSet, 'file' | 'dir' | 'config'>): Promise<string[]> {
  return (await resolveShown(set.file, set.dir, { watch: set.config.watch, files: set.config.agent.files }, '')).map((s) => s.path);
}

/**
 * The watched files and agent files of the trial set (`at` empty) or of one task (`at` = `tasks[i].`), as
 * absolute paths inside the project.
 */
async function resolveShown(file: string, dir: string, declared: { watch: readonly string[]; files: readonly string[] }, at: string): Promise<Shown[]> {
  for (const [i, glob] of declared.watch.entries()) {
    if (isAbsolute(glob) || glob.split('/').includes('..'))
      throw new UserInputError(file, `${at}watch[${i}]`, `${glob}: globs are relative to the project and stay inside it`);
  }
  // A watched file is the version under test, hashed as it is: a link's hash could not see its target change.
  const linked = linksMatching(dir, declared.watch);
  if (linked.length)
    throw new UserInputError(
      file,
      `${at}watch`,
      `${linked[0]} is a symbolic link (to ${linkTarget(join(dir, linked[0]!))}): a watched file is hashed as the version under test, and a link's change of target would not show; watch the file it points to instead`,
    );
  // A glob that matches nothing (a typo) would make every run the same version: nothing would ever be gated.
  for (const [i, glob] of declared.watch.entries()) {
    if ((await matchFiles(dir, [glob])).length === 0)
      throw new UserInputError(
        file,
        `${at}watch[${i}]`,
        `${glob} matches no file in the project: the watched files are the version under test; fix the path (relative to the trial set's directory), or remove the entry`,
      );
  }
  const watched = (await matchFiles(dir, declared.watch)).map((f) => ({ path: join(dir, f), field: `${at}watch` }));
  for (const { path } of watched) await mustBeInside(dir, path, file, `${at}watch`);
  const files: Shown[] = [];
  for (const [i, entry] of declared.files.entries()) {
    const field = `${at}agent.files[${i}]`;
    const path = resolve(dir, entry);
    await mustBeInside(dir, path, file, field);
    if (!(await stat(path).catch(() => null))) throw new UserInputError(file, field, `${entry} does not exist in the project`);
    files.push({ path, field });
  }
  return [...files, ...watched];
}

/** Every fixture's protected files, as the exposure check compares what the agent is shown with them. */
async function protectedOf(tasks: readonly ResolvedTask[]): Promise<Protected[]> {
  const out: Protected[] = [];
  for (const task of tasks) {
    const { manifest, dir, protectedFiles } = task.fixture;
    // The agent is given its inputs, the task and (a code task) the repository it changes: those are not secrets.
    const givenDirs = sectionPaths(manifest).given;
    const given = (f: string) => f.startsWith('inputs/') || f === 'task.txt' || givenDirs.some((g) => f.startsWith(`${g}/`));
    const files = new Map(Object.entries(protectedFiles).filter(([f]) => !given(f)));
    for (const f of await matchFiles(dir, [...(manifest.service?.files ?? []), `${manifest.reference}/**`, 'fixture.json']))
      if (!files.has(f)) files.set(f, sha256(await readFile(resolve(dir, f))));
    out.push({ task: task.spec.id, files: [...files].map(([f, digest]) => ({ path: resolve(dir, f), sha256: digest })) });
  }
  return out;
}
