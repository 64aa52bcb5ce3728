// The gate of a pull request on GitHub: the GitHub implementation of the gate's ports (src/gate/gate.ts).
// Trials run in this job (and the base commit's, from its checkout, when rerun-base is on); base runs are
// downloaded from the baseline workflow's artefacts; a maintainer's approval is a label; the gate's own file
// is the workflow that runs it.
import { join, relative } from 'node:path';
import * as core from '@actions/core';
import { gatePullRequest, type GateOutcome, type GatePorts, type StoredRun } from '../gate/gate.ts';
import type { ActionEvent } from '../github/event.ts';
import { code } from '../report/format.ts';
import type { Policy } from '../schemas/comparison.ts';
import { loadTrialSet, type TrialSet } from '../trial/trialset.ts';
import { checkOutBase, type BaseCheckout } from './base-checkout.ts';
import { baseCheckoutProblem, lendInstalled, pairedOffNote } from '../gate/made-beside.ts';
import { workflowFiles } from './gate-files.ts';
import { loadBaseSide } from './baselines.ts';
import type { ActionContext } from './opening.ts';
import { actionRunner } from './trials.ts';

type PullRequest = Extract<ActionEvent, { kind: 'pull_request' }>;

/** The pull request's gate, its inputs gathered from the action's; `firstRound` when the shards already ran it. */
export async function gateOnGitHub(
  ctx: ActionContext,
  event: PullRequest,
  runDir: string,
  firstRound: StoredRun | null,
  notes: string[],
): Promise<GateOutcome> {
  const { inputs } = ctx;
  const set = await loadTrialSet(ctx.set.file);
  const checkout = join(ctx.temp, 'base-commit');
  const checkedOut = inputs.rerunBase ? await checkOutBase(ctx.workspace, event.baseSha, ctx.set.file, checkout) : null;
  const base = checkedOut ? await usableBase(checkedOut, set, checkout) : null;
  if (base && 'off' in base) core.info(`trialgate: no paired rounds on the base commit: ${base.off}`);
  const baseConfig = base && 'config' in base ? base.config : null;
  const stale = staleApprovalNote(event, inputs.approvalLabel);
  // A checkout that cannot run the base's trials is said in the comment too (pairedOffNote).
  const off = checkedOut && 'config' in checkedOut && base && 'off' in base ? [pairedOffNote(base.off)] : [];
  return gatePullRequest(githubPorts(ctx, event, set, [...notes, ...(stale ? [stale] : []), ...off], baseConfig), {
    set,
    runDir,
    scope: ctx.scope,
    changedFiles: ctx.changedFiles,
    gateFiles: await workflowFiles(ctx.workspace),
    ...(inputs.trials ? { trials: inputs.trials } : {}),
    ...(firstRound ? { firstRound } : {}),
    settings: {
      ...(inputs.policy === 'auto' ? {} : { policy: inputs.policy as Policy }),
      ...(inputs.alpha === null ? {} : { alpha: inputs.alpha }),
      confirmTrials: inputs.confirmTrials,
      maxTrials: inputs.maxTrials,
      failOn: inputs.failOn,
      failWithoutBaseline: inputs.failWithoutBaseline,
    },
    scrubber: ctx.secrets.scrubber,
  }).finally(() => (base && 'remove' in base ? base.remove() : undefined));
}

/** The base commit's checkout, unless it cannot run the paired rounds' base trials (baseCheckoutProblem): then off, with why. */
async function usableBase(base: BaseCheckout, head: TrialSet, checkout: string): Promise<BaseCheckout> {
  if ('off' in base) return base;
  const { lent, kept } = await lendInstalled(head, checkout);
  if (lent.length)
    core.info(
      `trialgate: the base commit's checkout uses the packages this job installed, what the lockfiles beside them pin alone, the same in both commits: ${lent.join(', ')}`,
    );
  for (const { path, why } of kept) core.info(`trialgate: not copied into the base commit's checkout, ${path}: ${why}`);
  const problem = await baseCheckoutProblem(
    base.config,
    head,
    checkout,
    'its checkout',
    // The action makes the checkout, so the fix is where the job installs: beside neither checkout.
    '; for the paired rounds, install what the agent runs system-wide in the workflow, or in a node_modules pinned by a lockfile the same in both commits, from the registry alone (docs/agents.md#where-the-cli-must-be-installed)',
  );
  if (problem === null) return base;
  await base.remove();
  return { off: problem };
}

/** Where a pull request's trials run (this job) and its base runs come from (the baseline workflow's artefacts). */
function githubPorts(ctx: ActionContext, event: PullRequest, set: TrialSet, notes: string[], baseConfig: string | null): GatePorts {
  const { inputs } = ctx;
  return {
    run: actionRunner(ctx),
    ...(baseConfig ? { runBase: actionRunner(ctx, { configPath: baseConfig, sha: event.baseSha, ref: event.baseRef }) } : {}),
    baseRuns: () =>
      core.group('Find the baseline', async () => {
        const base = await loadBaseSide(ctx.client, {
          workflow: inputs.baselineWorkflow,
          branch: event.baseRef,
          baseSha: event.baseSha,
          artifactName: inputs.artifactName,
          maxRuns: inputs.baselineRuns,
          destination: join(ctx.temp, 'baselines'),
          trialSet: ctx.set.config.name,
        });
        return { ...base, notes: [...notes, ...base.notes], where: `${code(inputs.artifactName)} of ${code(event.baseRef)}` };
      }),
    approval: async () => approvalOf(event, inputs.approvalLabel),
    say: (line) => core.info(`trialgate: ${line}`),
    warn: (line) => core.warning(`trialgate: ${relative(ctx.workspace, set.file) || set.file}: ${line}`),
  };
}

/**
 * The maintainers' approval of a change to the measurement: the label, which only people with triage rights can
 * set, added by this very event. It approves the commit it was given on: a label left on the pull request since
 * an earlier commit would approve whatever its author pushed after it (another task removed, isolation off),
 * changes no maintainer saw; the gate then says so (staleApprovalNote) and a maintainer adds the label again.
 */
function approvalOf(event: PullRequest, label: string): string | null {
  return event.labeledNow === label ? `the label ${code(label)}, added to the pull request at this commit` : null;
}

/** Why a label on the pull request did not approve this run, for the comment; null when it did or is not there. */
export function staleApprovalNote(event: PullRequest, label: string): string | null {
  if (!event.labels.includes(label) || event.labeledNow === label) return null;
  return `The label ${code(label)} is on the pull request from before this run’s commit or event: an approval holds for the commit it was added at, so it approves no change to the measurement here (a maintainer who approves this one removes the label and adds it again).`;
}
