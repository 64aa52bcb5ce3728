// Which tasks a change reruns, from the files it changes and what each task depends on
// (trial/dependencies.ts). Pure. Decided from files only, never from anything the change says of itself:
// a change to the trial-set file or to anything every task shares reruns every task, and a task is left
// out only when none of the changed paths is one of its own. A task not rerun is recorded as such and
// neither passes nor regresses (compare/compare.ts), so leaving one out can hide nothing: it only
// withholds a verdict on a task the change could not have moved.
import picomatch from 'picomatch';
import type { Dependency, TrialSetDependencies } from '../trial/dependencies.ts';

export interface TaskScope {
  id: string;
  rerun: boolean;
  /** Why: the changed path that makes it rerun and what it is to the task, or why it is not rerun. */
  why: string;
}

export interface ChangeScope {
  /** Each task of the trial set, in its order. */
  tasks: TaskScope[];
  /** Changed paths some task depends on (the trial-set file included). */
  matched: string[];
  /** The trial-set file is among the changed paths. */
  configChanged: boolean;
  /** Changed paths that are part of what measures some task and no hash covers (Dependency.measures): changes of the ruler. */
  measuring: { path: string; what: string }[];
  /** Why the changed paths are not all known (GitHub cut the list short): a change of what measures cannot be ruled out. */
  unlisted?: string;
}

/** Every task reruns, for `why` (the trial set changed, the file list is incomplete, the run was forced), with what the changed files were found to touch. */
export function everyTask(
  deps: TrialSetDependencies,
  why: string,
  found: Omit<ChangeScope, 'tasks'> = { matched: [], configChanged: false, measuring: [] },
): ChangeScope {
  const { matched, configChanged, measuring, unlisted } = found;
  return { tasks: deps.tasks.map((t) => ({ id: t.id, rerun: true, why })), matched, configChanged, measuring, ...(unlisted ? { unlisted } : {}) };
}

export function changeScope(changed: readonly string[], deps: TrialSetDependencies): ChangeScope {
  const paths = [...new Set(changed.map(normalize))];
  const config = normalize(deps.config);
  const measuring = measuringPaths(paths, deps);
  if (paths.includes(config)) return everyTask(deps, `the trial-set file ${config} changed`, { matched: [config], configChanged: true, measuring });
  const matched = new Set<string>();
  const firstMatch = (list: readonly Dependency[]): { path: string; what: string } | undefined => {
    let found: { path: string; what: string } | undefined;
    for (const dep of list) {
      const isMatch = picomatch(dep.glob, { dot: true });
      for (const path of paths) {
        if (!isMatch(path)) continue;
        matched.add(path);
        found ??= { path, what: dep.what };
      }
    }
    return found;
  };
  const shared = firstMatch(deps.shared);
  const own = deps.tasks.map((t) => ({ id: t.id, found: firstMatch(t.own) }));
  const sorted = [...matched].sort();
  if (shared) return everyTask(deps, `${shared.path} changed (${shared.what}, which every task shares)`, { matched: sorted, configChanged: false, measuring });
  const unaffected = `none of the ${paths.length} changed file${paths.length === 1 ? '' : 's'} is one this task depends on (the trial set's shared files, its own watch and agent files, its fixture)`;
  return {
    tasks: own.map(({ id, found }) => (found ? { id, rerun: true, why: `${found.path} changed (${found.what})` } : { id, rerun: false, why: unaffected })),
    matched: sorted,
    configChanged: false,
    measuring,
  };
}

/** The changed paths that are part of what measures a task, and no hash covers, each once with what it is. */
function measuringPaths(paths: readonly string[], deps: TrialSetDependencies): ChangeScope['measuring'] {
  const found = new Map<string, string>();
  for (const dep of [...deps.shared, ...deps.tasks.flatMap((t) => t.own)].filter((d) => d.measures)) {
    const isMatch = picomatch(dep.glob, { dot: true });
    for (const path of paths) if (!found.has(path) && isMatch(path)) found.set(path, dep.what);
  }
  return [...found].sort(([a], [b]) => a.localeCompare(b)).map(([path, what]) => ({ path, what }));
}

/**
 * `deps` with the files that run the gate (the workflow and what it calls, the CI configuration) as what every
 * task shares: they set the gate's settings and the agent's environment (the CLI it installs, the variables it
 * passes on), so a change to one reruns every task, and the gate then lists it as a change of the ruler. Skipped,
 * it would be a green check for a change to the gate itself.
 */
export function withGateFiles(deps: TrialSetDependencies, files: readonly string[]): TrialSetDependencies {
  return { ...deps, shared: [...deps.shared, ...files.map((glob) => ({ glob, what: 'a file that runs the gate' }))] };
}

/** Why the change reruns no task at all (the gate is skipped, a green check with no trial), or null when some task reruns. */
export function skipReason(scope: ChangeScope): string | null {
  if (scope.tasks.some((t) => t.rerun)) return null;
  return `${scope.tasks[0]?.why ?? 'the trial set has no task'} (nothing to rerun)`;
}

/** The tasks not rerun, with why: what a run records (RunOptions.unaffected). */
export function unaffectedTasks(scope: ChangeScope): Map<string, string> {
  return new Map(scope.tasks.filter((t) => !t.rerun).map((t) => [t.id, t.why]));
}

function normalize(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '');
}
