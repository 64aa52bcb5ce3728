// The base runs pooled for a pull request are measured by one ruler: the first base run's (the base commit's, or
// the newest), which the pull request's own is held against (gate.ts rulerChanges). A task's fixture hash,
// acceptor version and budget already keep an older run out where they differ (compare/fold.ts); the rest of
// the ruler is the trial set's record (results.json `measurement`): an older run measured with another acceptor
// setting, task text, fault list, isolation or limit measured something else, and pooled it would move the
// base (a run whose lenient acceptor never caught a defect halves a detection the current ruler always makes,
// and the agent's loss of it passes as "suspect"). Such a task of an older run is left out of the pool, and a
// run whose trial-set-wide ruler differs (or whose trials ran isolated otherwise) is left out whole; the notes
// name which and why. A field the newest run records and an older one does not is a difference too, and a run
// with no record is left out.
import type { BaseRun } from '../compare/base-runs.ts';
import type { ComparedResults } from '../results/read.ts';
import { measurementChanges, type Measurement } from '../trial/measurement.ts';
import { plural } from '../util/counted.ts';

/**
 * Fields of the record that are not the ruler between base runs: k (runs of another k pool as they are), and
 * what the agent may read and what counts as its version (the base branch's agent changes from run to run).
 */
const NOT_THE_RULER = new Set(['trials', 'watch', 'agent.files']);
const NOT_THE_TASKS_RULER = new Set(['watch', 'agent.files']);

export interface PooledBases {
  bases: BaseRun[];
  notes: string[];
}

/** What of a results file the ruler's check reads (a whole Results, or what compare reads of one). */
type RulerRun = Pick<ComparedResults, 'measurement' | 'run' | 'tasks'>;

/**
 * Base runs admitted one at a time, as they are read, under the first one's ruler: the gate's pool and
 * `trialgate compare --base …` (which folds each file as it reads it) leave out the same runs and tasks.
 */
export class OneRuler {
  private ruler: Measurement | undefined;
  /** The isolation the first run's trials actually ran with. */
  private isolation: RulerRun['run']['isolation'];
  private first = true;
  /** Which runs or tasks were left out, and why. */
  readonly notes: string[] = [];

  /** `run` as pooled: whole, with the tasks measured otherwise emptied (`not_rerun`), or undefined when left out whole. */
  admit<R extends RulerRun>(run: R): R | undefined {
    if (this.first) {
      [this.first, this.ruler, this.isolation] = [false, run.measurement, run.run.isolation];
      return run;
    }
    const ruler = this.ruler;
    if (!ruler) return run;
    const own = run.measurement;
    const label = runLabel(run);
    // A record that is missing, or lacks a field the newest records, cannot show that ruler (measurementChanges
    // compares only the fields both hold): a file older than the record, or one stripped of it, is not pooled.
    if (!own) {
      this.notes.push(`Baseline ${label} not pooled: it recorded no ruler (its results.json has no measurement) to hold against the newest base run's.`);
      return undefined;
    }
    // The isolation a run actually had is the ruler too (the record holds only the setting: `auto` runs unisolated
    // where the runner cannot make a sandbox): unisolated, an agent reads the fixture and the acceptor the host.
    const [was, is] = [run.run.isolation, this.isolation];
    if (is && was?.mechanism !== is.mechanism) {
      const how = was
        ? was.mechanism === 'none'
          ? `unisolated (${was.reason ?? 'no reason recorded'})`
          : `in ${was.mechanism}`
        : 'with no isolation recorded';
      const newest = is.mechanism === 'none' ? 'unisolated' : `in ${is.mechanism}`;
      this.notes.push(`Baseline ${label} not pooled: its trials ran ${how}, the newest base run's ${newest}.`);
      return undefined;
    }
    const unrecorded = Object.keys(ruler).filter((field) => !(field in own));
    const differs = [...measurementChanges(own, ruler).map((c) => c.what), ...unrecorded];
    const runWide = differs.filter((field) => !field.startsWith('tasks.') && !NOT_THE_RULER.has(field));
    if (runWide.length) {
      this.notes.push(`Baseline ${label} not pooled: it was measured with another ruler than the newest base run (${runWide.join(', ')}).`);
      return undefined;
    }
    const tasks = tasksMeasuredOtherwise(run, differs);
    if (tasks.size === 0) return run;
    const left = run.tasks.filter((task) => !tasks.has(task.id) && task.not_rerun === undefined);
    const fields = [...new Set([...tasks.values()].flat())].join(', ');
    if (left.length === 0) {
      this.notes.push(`Baseline ${label} not pooled: its tasks were measured with another ruler than the newest base run (${fields}).`);
      return undefined;
    }
    this.notes.push(
      `Baseline ${label}: ${plural(tasks.size, 'task')} (${[...tasks.keys()].join(', ')}) not pooled: measured with another ruler than the newest base run (${fields}).`,
    );
    const why = 'measured with another ruler than the newest base run: not pooled';
    return { ...run, tasks: run.tasks.map((task) => (tasks.has(task.id) ? { ...task, trials: [], not_rerun: why } : task)) };
  }
}

/** `bases` (the reference first) with what an older run measured by another ruler left out, and why. */
export function underOneRuler(bases: readonly BaseRun[]): PooledBases {
  const ruler = new OneRuler();
  const kept = bases.flatMap((base) => {
    const results = ruler.admit(base.results);
    return results ? [results === base.results ? base : { ...base, results }] : [];
  });
  return { bases: kept, notes: ruler.notes };
}

/** The tasks of `base` whose own fields of the record (`tasks.<id>.<field>`) differ, with those fields. */
function tasksMeasuredOtherwise(run: RulerRun, differs: readonly string[]): Map<string, string[]> {
  // A task id may hold dots: the longest id of the run the field starts with names it.
  const ids = run.tasks.map((task) => task.id).sort((a, b) => b.length - a.length);
  const out = new Map<string, string[]>();
  for (const field of differs) {
    const id = ids.find((candidate) => field.startsWith(`tasks.${candidate}.`));
    if (id === undefined || NOT_THE_TASKS_RULER.has(field.slice(`tasks.${id}.`.length))) continue;
    out.set(id, [...(out.get(id) ?? []), field]);
  }
  return out;
}

function runLabel(run: RulerRun): string {
  const { git_sha, started_at } = run.run;
  return git_sha ? `${git_sha.slice(0, 7)} (${started_at})` : `of ${started_at}`;
}
