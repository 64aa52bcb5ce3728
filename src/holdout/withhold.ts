// A holdout task as everything public has it (results.json, the run's reports, the progress lines): named by
// its pseudonym, its checks too, with the figures the comparison needs (per trial: outcome and which checks
// succeeded) and nothing else — no fixture path, fault label, check label, judge item, failure reason, env
// error rule, candidate hash, repair or evidence of its own. The detail is the sealed archive's (seal.ts).
// Pure.
import { basename } from 'node:path';
import { summarizeTask } from '../results/metrics.ts';
import type { TaskDigest, TrialDigest, TrialResult } from '../schemas/results.ts';
import type { HoldoutKey } from './key.ts';

/** What public text says in place of a holdout task's own words. */
const WITHHELD = 'withheld (holdout)';
/** A holdout trial's env error rule, as public: the rule itself is sealed. */
const WITHHELD_ENV_ERROR = 'an environment error of a holdout task (its rule is in the sealed holdout detail)';

/** The fields a holdout trial keeps in public, exactly those docs/holdout.md lists: what the comparison and the costs need. */
export const HOLDOUT_TRIAL_FIELDS = [
  'trial',
  'outcome',
  'stop_reason',
  'env_error',
  'env_error_source',
  'checks',
  'usage',
  'wall_ms',
  'agent_ms',
  'evidence',
] as const;

type Common = Pick<TrialResult, (typeof HOLDOUT_TRIAL_FIELDS)[number]>;

/** What a holdout trial keeps, whole or digest: its outcome and checks by pseudonym. */
function kept(trial: Common, taskId: string, key: HoldoutKey): Common {
  return {
    trial: trial.trial,
    outcome: trial.outcome,
    stop_reason: trial.stop_reason,
    ...(trial.env_error !== undefined ? { env_error: WITHHELD_ENV_ERROR } : {}),
    ...(trial.env_error_source ? { env_error_source: trial.env_error_source } : {}),
    checks: Object.fromEntries(Object.entries(trial.checks).map(([check, ok]) => [key.check(taskId, check), ok])),
    ...(trial.usage ? { usage: trial.usage } : {}),
    wall_ms: trial.wall_ms,
    ...(trial.agent_ms === undefined ? {} : { agent_ms: trial.agent_ms }),
    // Where it would be: the directory is in the sealed archive, under the task's own id.
    evidence: `${key.task(taskId)}/${basename(trial.evidence)}`,
  };
}

/** A whole trial of holdout task `taskId`, as results.json has it. */
export function withheldTrial(trial: TrialResult, taskId: string, key: HoldoutKey): TrialResult {
  return {
    ...kept(trial, taskId, key),
    layers: {
      final_state: { ok: trial.layers.final_state.ok, failures: [] },
      constraints: { ok: trial.layers.constraints.ok, failures: [] },
      tool_contract: { ok: trial.layers.tool_contract.ok, failures: [] },
      trajectory: { notes: [] },
    },
    judgements: [],
  };
}

/** A trial digest of holdout task `taskId`, as the run's outputs have it. */
function withheldDigest(trial: TrialDigest, taskId: string, key: HoldoutKey): TrialDigest {
  return kept(trial, taskId, key);
}

/** A holdout task's digest as public: named, checked and summarised by pseudonym. */
export function withheldTask(task: TaskDigest, key: HoldoutKey): TaskDigest {
  const id = task.id;
  const check = (c: string) => key.check(id, c);
  const faults = task.faults.map((f) => ({ id: check(`detect:${f.id}`).slice('detect:'.length), label: WITHHELD }));
  const trials = task.trials.map((t) => withheldDigest(t, id, key));
  const detected = Object.keys(task.summary.detections).map((fault) => check(`detect:${fault}`).slice('detect:'.length));
  return {
    id: key.task(id),
    set: 'holdout',
    fixture: WITHHELD,
    fixture_sha256: key.value('fixture', task.fixture_sha256),
    acceptor_version: key.value('acceptor', task.acceptor_version),
    budget: task.budget,
    faults,
    trials,
    summary: summarizeTask(trials, task.summary.k, detected),
    ...(task.ungated ? { ungated: Object.fromEntries(Object.keys(task.ungated).map((c) => [check(c), `${WITHHELD}: its reason is sealed`])) } : {}),
    ...(task.check_versions
      ? { check_versions: Object.fromEntries(Object.entries(task.check_versions).map(([c, v]) => [check(c), key.value(`version ${c}`, v)])) }
      : {}),
    ...(task.acceptor_check ? { acceptor_check: { ok: task.acceptor_check.ok } } : {}),
  };
}
