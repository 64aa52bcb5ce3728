// Which tasks a pull request reruns, from the files GitHub lists as changed. Pure: the file list comes
// from the client, what each task depends on from the trial set (trial/dependencies.ts), and the per-task
// decision is the gate's (gate/scope.ts), the same for every front end. Never a silent green: a file list
// GitHub cut short, or the force input, reruns every task; a pull request that touches nothing any task
// depends on is skipped, with a notice saying so.
import { changeScope, everyTask, type ChangeScope } from '../gate/scope.ts';
import type { TrialSetDependencies } from '../trial/dependencies.ts';
import type { ChangedFile } from './client.ts';
import { plural } from '../util/counted.ts';

/** GitHub's pull-request files endpoint returns at most this many files. */
export const PR_FILES_LIMIT = 3000;

export interface ChangeDecision {
  /** Whether any task reruns. */
  run: boolean;
  /** Why, in one line for the notice or the job summary. */
  reason: string;
  /** Changed paths some task depends on (old and new path of a rename both count). */
  watched: string[];
  configChanged: boolean;
  /** Which tasks rerun, and why each does or does not. */
  scope: ChangeScope;
}

/**
 * Decide from the PR's changed files which tasks to rerun. `changedCount`: the PR's `changed_files` from
 * the event, to tell a complete list from a truncated one.
 */
export function decideOnChanges(opts: {
  files: readonly ChangedFile[];
  dependencies: TrialSetDependencies;
  changedCount?: number;
  force: boolean;
}): ChangeDecision {
  const paths = opts.files.flatMap((file) => [file.filename, ...(file.previous_filename === undefined ? [] : [file.previous_filename])]);
  const found = changeScope(paths, opts.dependencies);
  const config = opts.dependencies.config.replace(/^\.\//, '');
  const configChanged = found.configChanged;
  const truncated = opts.changedCount === undefined ? opts.files.length >= PR_FILES_LIMIT : opts.files.length < opts.changedCount;
  const unlisted = `GitHub listed ${opts.files.length} of the PR's ${opts.changedCount ?? 'more than ' + PR_FILES_LIMIT} changed files`;
  // Whatever reruns, a file past the list may be one that measures (the workflow, a readable directory): the gate says so.
  const decided = (reason: string, scope: ChangeScope): ChangeDecision => ({
    run: scope.tasks.some((t) => t.rerun),
    reason,
    watched: found.matched,
    configChanged,
    scope: truncated ? { ...scope, unlisted } : scope,
  });
  if (opts.force) return decided('the force input is set', everyTask(opts.dependencies, 'the force input is set', found));
  if (configChanged) return decided(`the trial-set config ${config} changed`, found);
  const rerun = found.tasks.filter((t) => t.rerun);
  if (rerun.length === found.tasks.length && rerun.length > 0) return decided(`every task reruns: ${rerun[0]!.why}`, found);
  if (truncated) {
    const why = `${unlisted}, so a change to any task cannot be ruled out`;
    return decided(why, everyTask(opts.dependencies, why, found));
  }
  if (rerun.length)
    return decided(
      `${rerun.length} of ${found.tasks.length} tasks rerun (${rerun
        .slice(0, 5)
        .map((t) => `${t.id}: ${t.why}`)
        .join('; ')}${rerun.length > 5 ? '; …' : ''}); the others are unaffected`,
      found,
    );
  const globs = [...new Set([...opts.dependencies.shared, ...opts.dependencies.tasks.flatMap((t) => t.own)].map((d) => d.glob))];
  const named = `${globs.slice(0, 6).join(', ')}${globs.length > 6 ? ', …' : ''}`;
  return decided(`none of the ${plural(opts.files.length, 'changed file')} is one any task depends on (${named || 'nothing'}) or ${config}`, found);
}
