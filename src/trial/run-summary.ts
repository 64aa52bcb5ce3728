// The fourth step of a run: what it found, summarised as the digest results.json is written from. Pure
// over what the earlier steps hand it: the plan, the trials' digests per task, and what the shared
// resources recorded (services, acceptor preflights, the model judge, the run's integrity).
import { relative } from 'node:path';
import { summarizeTask } from '../results/metrics.ts';
import { RESULTS_SCHEMA, type RunDigest, type TaskDigest, type TrialDigest } from '../schemas/results.ts';
import { TOOL_VERSION } from '../version.ts';
import type { RunOptions, RunPlan } from './run-plan.ts';
import type { AcceptorCheckRecord, AcceptorCheckResult } from './acceptor-checks.ts';
import type { RunResources } from './run-resources.ts';
import type { ResolvedTask, TrialSet } from './trialset.ts';

export interface RunTimes {
  startedAt: string;
  finishedAt: string;
}

export function summariseRun(
  plan: RunPlan,
  resources: RunResources,
  byTask: ReadonlyMap<string, TrialDigest[]>,
  runInfo: RunOptions['runInfo'],
  times: RunTimes,
): RunDigest {
  const { set, k } = plan;
  const integrityError = resources.integrity.error;
  return {
    schema: RESULTS_SCHEMA,
    trial_set: { name: set.config.name, sha256: set.sha256 },
    run: {
      git_sha: resources.gitSha,
      ref: runInfo?.ref ?? null,
      base_ref: runInfo?.base_ref ?? null,
      pr_number: runInfo?.pr_number ?? null,
      workflow_run_id: runInfo?.workflow_run_id ?? null,
      tool_version: TOOL_VERSION,
      started_at: times.startedAt,
      finished_at: times.finishedAt,
      seed: plan.seed,
      k,
      ...(plan.shard ? { shard: plan.shard } : {}),
      isolation: resources.sandbox.report,
      ...(integrityError ? { integrity_error: integrityError } : {}),
    },
    watched: resources.watched,
    agent: { command: set.config.agent.command },
    measurement: plan.measurement,
    // In the trial set's order, the holdout source's last: the tasks run here, and those recorded as not rerun.
    tasks: [...set.tasks, ...plan.holdout.fetched].flatMap((task): TaskDigest[] => {
      const why = plan.unaffected.get(task.spec.id);
      if (why !== undefined) return [{ ...taskResult(set, task, k, []), not_rerun: why }];
      if (!plan.tasks.includes(task)) return [];
      const checked = resources.acceptorChecks.get(task.spec.id);
      const trials = (byTask.get(task.spec.id) ?? []).map((t) => resources.integrity.trust(t));
      return [
        {
          ...taskResult(set, task, k, trials),
          services: resources.pool.use(resources.copies.get(task.spec.id)!),
          ...(checked ? { acceptor_check: recordOf(checked) } : {}),
          ...resources.semanticOf(task)?.taskFields(task.spec.id),
        },
      ];
    }),
  };
}

/** A fixture file's hash as results.json keeps it: enough to tell which file changed, a fraction of the size. */
const FILE_HASH_DIGITS = 16;

function taskResult(set: TrialSet, task: ResolvedTask, k: number, trials: TrialDigest[]): TaskDigest {
  trials.sort((a, b) => a.trial - b.trial);
  return {
    id: task.spec.id,
    set: task.spec.set,
    fixture: relative(set.dir, task.fixture.dir) || '.',
    fixture_sha256: task.fixture.sha256,
    fixture_files: Object.fromEntries(Object.entries(task.fixture.protectedFiles).map(([file, hash]) => [file, hash.slice(0, FILE_HASH_DIGITS)])),
    acceptor_version: task.kind.acceptorVersion,
    budget: set.config.budget,
    faults: Object.entries(task.faults).map(([id, label]) => ({ id, label })),
    ...checkLabels(task),
    trials,
    summary: summarizeTask(trials, k, task.kind.capabilities.countsDetections ? Object.keys(task.faults) : []),
  };
}

/** The labels of the kind's own checks, when it has any. */
function checkLabels(task: ResolvedTask): Pick<TaskDigest, 'check_labels'> {
  const labels = task.kind.checkLabels(task.fixture);
  return Object.keys(labels).length ? { check_labels: labels } : {};
}

/** What results.json records of an acceptor preflight: whether it was the machinery is said by the trials' rule. */
function recordOf({ machinery: _machinery, ...record }: AcceptorCheckResult): AcceptorCheckRecord {
  return record;
}
