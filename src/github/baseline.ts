// Finding the base side of a comparison: the newest results artefacts of successful push runs of the
// baseline workflow on the PR's base branch. Selection is pure (selectBaselineRuns); fetching and
// downloading are I/O (findBaselines). A run from a fork, from another event, or another branch is
// never a baseline, whatever GitHub's filters returned. A missing, expired or corrupt artefact is
// reported per run and skipped, never fatal.
import { join } from 'node:path';
import type { GitHubClient, RunArtifact, WorkflowRun } from './client.ts';
import { httpStatus } from './client.ts';
import { CorruptZipError } from '../util/unzip.ts';

export interface Baseline {
  runId: number;
  headSha: string;
  branch: string;
  /** When the run started: lets the comment say how far behind the newest baseline is. */
  createdAt: string;
  runUrl: string;
  artifactId: number;
  /** Where the artefact was extracted, and what it held (relative paths). */
  dir: string;
  files: string[];
  /** This run's head is the PR's base SHA: the exact base of the change. */
  isBaseSha: boolean;
}

export interface BaselineProblem {
  runId: number;
  headSha: string;
  artifactId?: number;
  reason: 'no-artifact' | 'expired' | 'corrupt' | 'download-failed' | 'unusable' | 'off-branch';
  detail: string;
}

export interface BaselineLookup {
  /** The workflow searched: its id, or the file name given as input. */
  workflow: number | string;
  branch: string;
  /** Newest first; at most maxRuns. */
  baselines: Baseline[];
  /** The PR's base SHA and the run built from it, if one is among the baselines. */
  baseSha: { sha: string; runId: number | null } | null;
  problems: BaselineProblem[];
}

export interface BaselineOptions {
  /** A workflow file name (or id) from the `baseline-workflow` input; default: this run's workflow. */
  workflow?: string;
  /** The PR's base branch. */
  branch: string;
  baseSha?: string;
  artifactName: string;
  maxRuns: number;
  /** Each baseline is extracted to <destination>/run-<id>/. */
  destination: string;
  /**
   * Whether a downloaded run may serve (the engine's rule: its trial set, not mostly environment errors):
   * null, or why not. A run refused is reported and the next candidate tried, so refused runs do not
   * count towards maxRuns.
   */
  accept?: (dir: string) => Promise<string | null>;
}

/** How many candidate runs per baseline wanted: runs without the artefact (older set-ups) are skipped. */
const CANDIDATES_PER_BASELINE = 4;

/** Whether a run may serve as a baseline: a successful push run of this repository on `branch`. Pure. */
export function isEligibleRun(run: WorkflowRun, opts: { repoFullName: string; branch: string; currentRunId: number }): boolean {
  return (
    run.id !== opts.currentRunId &&
    run.event === 'push' &&
    run.conclusion === 'success' &&
    run.head_branch === opts.branch &&
    run.head_repository?.full_name === opts.repoFullName
  );
}

/**
 * The order in which to try runs: the run(s) built from the base SHA first (so it is included when
 * it exists), then the rest newest first, each run once. Pure.
 */
export function selectBaselineRuns(
  runs: readonly WorkflowRun[],
  opts: { repoFullName: string; branch: string; currentRunId: number; baseSha?: string },
): WorkflowRun[] {
  const byId = new Map<number, WorkflowRun>();
  for (const run of runs) if (isEligibleRun(run, opts)) byId.set(run.id, run);
  const eligible = [...byId.values()];
  eligible.sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  const base = eligible.filter((run) => opts.baseSha !== undefined && run.head_sha === opts.baseSha);
  return [...base.slice(0, 1), ...eligible.filter((run) => run !== base[0])];
}

/**
 * The artefact to use from one run's list: `name`, or `name-attempt-N` from a re-run attempt (an
 * artefact name is taken once per run), newest first; expired ones are only reported. Pure.
 */
export function pickArtifact(artifacts: readonly RunArtifact[], name: string): { artifact?: RunArtifact; expired?: RunArtifact } {
  const named = artifacts.filter((a) => a.name === name || attemptOf(a.name, name) !== null).sort((a, b) => b.id - a.id);
  const artifact = named.find((a) => !a.expired);
  return artifact ? { artifact } : named[0] ? { expired: named[0] } : {};
}

/** The name an artefact gets on attempt `attempt` of a run: the first keeps the plain name. */
export function attemptArtifactName(name: string, attempt: number): string {
  return attempt > 1 ? `${name}-attempt-${attempt}` : name;
}

function attemptOf(artifactName: string, name: string): number | null {
  const match = artifactName.startsWith(`${name}-attempt-`) ? /^(\d+)$/.exec(artifactName.slice(name.length + '-attempt-'.length)) : null;
  return match ? Number(match[1]) : null;
}

export async function findBaselines(client: GitHubClient, opts: BaselineOptions): Promise<BaselineLookup> {
  const workflow = opts.workflow ?? (await client.getRun(client.runId)).workflow_id;
  const filter = { branch: opts.branch, event: 'push', status: 'success' } as const;
  const recent = await client.listWorkflowRuns(workflow, filter, opts.maxRuns * CANDIDATES_PER_BASELINE);
  const atBase = opts.baseSha ? await client.listWorkflowRuns(workflow, { ...filter, head_sha: opts.baseSha }, 10) : [];
  const candidates = selectBaselineRuns([...atBase, ...recent], {
    repoFullName: client.fullName,
    branch: opts.branch,
    currentRunId: client.runId,
    ...(opts.baseSha ? { baseSha: opts.baseSha } : {}),
  });

  // A run GitHub files under the branch may be a tag's of the same name, whose commit ran a workflow file of
  // its own: only a run of a commit the branch holds is the branch's. The PR's base commit is GitHub's own word.
  const tip = candidates.some((run) => run.head_sha !== opts.baseSha) ? await client.branchTip(opts.branch) : null;

  const baselines: Baseline[] = [];
  const problems: BaselineProblem[] = [];
  for (const run of candidates) {
    if (baselines.length >= opts.maxRuns) break;
    if (tip && run.head_sha !== opts.baseSha && (await client.inHistory(run.head_sha, tip)) === false) {
      problems.push({
        runId: run.id,
        headSha: run.head_sha,
        reason: 'off-branch',
        detail: `its commit is not in the history of ${opts.branch} (a tag or another ref named ${opts.branch} ran it), so it is not the branch's baseline`,
      });
      continue;
    }
    const { artifact, expired } = pickArtifact(await client.listRunArtifacts(run.id, opts.artifactName), opts.artifactName);
    if (!artifact) {
      problems.push(
        expired
          ? {
              runId: run.id,
              headSha: run.head_sha,
              artifactId: expired.id,
              reason: 'expired',
              detail: `artefact ${opts.artifactName} expired${expired.expires_at ? ` on ${expired.expires_at}` : ''}`,
            }
          : { runId: run.id, headSha: run.head_sha, reason: 'no-artifact', detail: `run has no artefact named ${opts.artifactName}` },
      );
      continue;
    }
    const dir = join(opts.destination, `run-${run.id}`);
    try {
      const files = await client.downloadArtifact({ id: artifact.id, runId: run.id, digest: artifact.digest ?? null }, dir);
      const refused = opts.accept ? await opts.accept(dir) : null;
      if (refused) {
        problems.push({ runId: run.id, headSha: run.head_sha, artifactId: artifact.id, reason: 'unusable', detail: refused });
        continue;
      }
      baselines.push({
        runId: run.id,
        headSha: run.head_sha,
        branch: opts.branch,
        createdAt: run.created_at,
        runUrl: run.html_url,
        artifactId: artifact.id,
        dir,
        files,
        isBaseSha: run.head_sha === opts.baseSha,
      });
    } catch (error) {
      problems.push({ runId: run.id, headSha: run.head_sha, artifactId: artifact.id, ...downloadProblem(error) });
    }
  }
  baselines.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.runId - a.runId);
  const atBaseSha = baselines.find((b) => b.isBaseSha);
  return {
    workflow,
    branch: opts.branch,
    baselines,
    baseSha: opts.baseSha ? { sha: opts.baseSha, runId: atBaseSha?.runId ?? null } : null,
    problems,
  };
}

function downloadProblem(error: unknown): Pick<BaselineProblem, 'reason' | 'detail'> {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof CorruptZipError) return { reason: 'corrupt', detail: `artefact archive is corrupt: ${message}` };
  if (httpStatus(error) === 410) return { reason: 'expired', detail: `artefact expired before it could be downloaded (410)` };
  return { reason: 'download-failed', detail: message };
}
