// The base side of a pull request's gate, GitHub's way: download the baseline artefacts and read their
// results. Every run that cannot serve (no artefact, expired, corrupt, unreadable, another trial set, mostly
// environment errors: the engine's rule, base-runs.ts) becomes a note in the comment, and the next older
// run is tried in its place; none of them stops the gate. Runs the branch recorded that cannot serve are
// kept apart from "never recorded": a baseline workflow's bad day is never "no baseline".
import { join } from 'node:path';
import { baseRunProblem, holdsOtherTrialSet, type BaseRun } from '../compare/base-runs.ts';
import { readResultsFile } from '../results/read.ts';
import type { FoundBases } from '../gate/gate.ts';
import { findBaselines } from '../github/baseline.ts';
import { recordsBaseline, type ActionEvent } from '../github/event.ts';
import type { GitHubClient } from '../github/client.ts';
import { code } from '../report/format.ts';
import type { Results, RunDigest } from '../schemas/results.ts';
import { UserInputError } from '../util/errors.ts';

export async function loadBaseSide(
  client: GitHubClient,
  options: { workflow: string | null; branch: string; baseSha: string; artifactName: string; maxRuns: number; destination: string; trialSet: string },
): Promise<FoundBases> {
  // Each downloaded run is read once, here: a run that cannot serve is refused before it counts towards maxRuns.
  const read = new Map<string, Results>();
  const otherNamed: BaseRun[] = [];
  const unusable: BaseRun[] = [];
  // The newest runs of the branch (the base commit's first) hold another trial-set name than older ones of this
  // pull request's: the branch renamed the trial set since, and the pull request names it as it was.
  let renamedSince: string | undefined;
  const accept = async (dir: string): Promise<string | null> => {
    let results: Results;
    try {
      results = await readResultsFile(join(dir, 'results.json'));
    } catch (error) {
      // Name the file as the artefact holds it, never the runner's download path.
      return error instanceof UserInputError ? `results.json: ${error.field || '(top level)'}: ${error.expected}` : 'its results.json could not be read';
    }
    if (results.trial_set.name !== options.trialSet) {
      if (holdsOtherTrialSet(results, options.trialSet)) otherNamed.push({ dir, results });
      if (read.size + unusable.length === 0) renamedSince ??= results.trial_set.name;
      return `it holds trial set ${JSON.stringify(results.trial_set.name)}, not ${JSON.stringify(options.trialSet)}`;
    }
    const problem = baseRunProblem(results);
    if (problem) {
      unusable.push({ dir, results });
      return problem;
    }
    read.set(dir, results);
    return null;
  };
  const lookup = await findBaselines(client, {
    ...(options.workflow ? { workflow: options.workflow } : {}),
    branch: options.branch,
    baseSha: options.baseSha,
    artifactName: options.artifactName,
    maxRuns: options.maxRuns,
    destination: options.destination,
    accept,
  });
  const notes = lookup.problems.map((p) => `Baseline run ${p.runId} (${short(p.headSha)}) not used: ${p.detail}.`);
  // Its older runs under this name measured the agent the branch had then: pooled, a pull request that renamed the
  // trial set back would be compared with that agent, not the base branch's. It is a rename, which a maintainer decides.
  if (renamedSince !== undefined && read.size + unusable.length > 0) {
    const older = read.size + unusable.length;
    notes.push(
      `Baseline: the newest runs of ${code(options.branch)} hold trial set ${JSON.stringify(renamedSince)}; ${older} older run${older === 1 ? '' : 's'} of ${JSON.stringify(options.trialSet)} not used: they measured the branch as it was before it renamed the trial set.`,
    );
    return { bases: [], notes, otherNamed };
  }
  // Recorded, but not to be had: expired, corrupt or unreadable artefacts (a run without the artefact recorded none).
  const unavailable = lookup.problems.filter((p) => p.reason !== 'no-artifact' && p.reason !== 'unusable').map((p) => `run ${p.runId}: ${p.detail}`);
  const used = lookup.baselines;
  if (used.length) {
    const newest = used[0]!;
    let age = `includes the PR's base commit ${short(options.baseSha)}.`;
    if (!used.some((b) => b.isBaseSha)) {
      const behind = await client.commitsAhead(newest.headSha, options.baseSha);
      age = `the PR's base commit ${short(options.baseSha)} has no baseline run; the newest baseline (${newest.createdAt}) is ${behind === null ? 'an unknown number of commits' : `${behind} commit${behind === 1 ? '' : 's'}`} behind it.`;
    }
    notes.unshift(
      `Baseline: ${used.length} run${used.length > 1 ? 's' : ''} of ${code(options.branch)} at ${used.map((b) => `[${short(b.headSha)}](${b.runUrl})`).join(', ')}; ${age}`,
    );
  }
  return {
    bases: used.map((b) => ({ dir: b.dir, results: read.get(b.dir)! })),
    notes,
    ...(unusable.length ? { unusable } : {}),
    ...(unavailable.length ? { unavailable } : {}),
    ...(otherNamed.length ? { otherNamed } : {}),
  };
}

export const short = (sha: string | null | undefined) => (sha ? sha.slice(0, 7) : 'unknown');

/** What a run on any event but a pull request says of itself: the baseline it records, or why it records none. */
export function baselineNote(event: ActionEvent, baselineBranches: readonly string[], run: RunDigest): string {
  return recordsBaseline(event, baselineBranches) && event.kind === 'push'
    ? `Baseline recorded for ${code(event.branch!)} at ${short(run.run.git_sha)}: later pull requests compare with it.`
    : `Not a baseline: only pushes to ${baselineBranches.join(', ') || 'the default branch'} record one.`;
}
