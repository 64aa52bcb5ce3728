// Publishing a run, in the order the contract fixes and even when the gate will fail: the run's reports
// (written once, here, from one view), the evidence artefact, the one comment, the job summary, the
// outputs, and only then the failed step. Every secret is scrubbed from what leaves the runner.
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import * as core from '@actions/core';
import { upsertComment } from '../github/comment.ts';
import type { GitHubClient, UploadedArtifact } from '../github/client.ts';
import type { ActionEvent } from '../github/event.ts';
import { listEvidenceFiles, uploadEvidence } from '../github/evidence.ts';
import { integrityNote, isolationNote } from '../report/isolation.ts';
import { commentMarker } from '../report/markdown.ts';
import { failureLine, renderText, REPORTERS, writeReports } from '../report/reporters.ts';
import { presentRun } from '../report/explain.ts';
import { failureAnnotation, regressionLog } from '../report/log.ts';
import type { BaseRun, ChangedFiles } from '../report/view.ts';
import type { Comparison } from '../schemas/comparison.ts';
import type { StoredRun } from '../results/stored-run.ts';
import type { ActionInputs } from './inputs.ts';
import { scrub, scrubFiles, type SecretSet } from './secrets.ts';
import type { Gate } from '../gate/verdict.ts';
import { plural } from '../util/counted.ts';
import { terminalText } from '../util/inert.ts';

export interface PublishContext {
  inputs: ActionInputs;
  event: ActionEvent;
  client: GitHubClient;
  secrets: SecretSet;
}

export interface Publication {
  runDir: string;
  /** The head: its digests, its whole trials read from its results.json as the reports ask for them. */
  head: StoredRun;
  /** null: a run without a comparison (a baseline push, another event, or a shard). */
  comparison: Comparison | null;
  /** The base runs compared with, where their trial directories are: report.html diffs the candidates. */
  bases?: BaseRun[];
  notes: string[];
  artifactName: string;
  /** null for a shard: it uploads its slice and stops; the merge job publishes the rest. */
  gate: Gate | null;
  /** A shard's trial directories go to this artefact, its results to `artifactName` (all the merge job downloads). */
  trialsArtifactName?: string;
  /** On a pull request: what it changed (the comment names the files that made a task rerun). */
  changed?: ChangedFiles | null;
  /** The trial-set file relative to the workspace: the comment's command to reproduce names it. */
  config?: string;
}

export async function publish(ctx: PublishContext, p: Publication): Promise<void> {
  const { inputs, event } = ctx;
  const isolation = isolationNote(p.head.run);
  if (isolation) core.warning(isolation);
  const integrity = integrityNote(p.head.run);
  if (integrity) core.error(integrity);
  const view = await presentRun({
    head: p.head.run,
    trials: p.head.trials,
    comparison: p.comparison,
    notes: p.notes,
    runDir: p.runDir,
    bases: p.bases ?? [],
    baselineRequired: p.gate?.failure != null && p.gate.verdict === 'no-baseline',
    changed: p.changed ?? null,
    ...(p.gate ? { checkFails: p.gate.failure !== null } : {}),
    ...(p.config ? { config: p.config } : {}),
  });
  // A reporter that failed is said where publishing says what went wrong (the log's notices, the job summary).
  const notices: string[] = (await writeReports(view, ctx.secrets.scrubber)).map(failureLine);
  let artifact: UploadedArtifact | null = null;
  try {
    if (p.trialsArtifactName) {
      const trials = await uploadRunDirectory(ctx, p.runDir, p.trialsArtifactName, 'directories');
      if (trials) core.info(`trialgate: uploaded artefact ${p.trialsArtifactName} (${trials.size} bytes): ${trials.url}`);
    }
    artifact = (await uploadRunDirectory(ctx, p.runDir, p.artifactName, p.trialsArtifactName ? 'files' : 'all'))!;
    core.info(`trialgate: uploaded artefact ${p.artifactName} (${artifact.size} bytes): ${artifact.url}`);
  } catch (error) {
    notices.push(`The evidence artefact could not be uploaded: ${(error as Error).message}`);
  }
  // A comparison's comment links its evidence as the uncut report too; a run's names no uncut report.
  const links = artifact ? { evidenceUrl: artifact.url, ...(p.comparison ? { fullReportUrl: artifact.url } : {}) } : {};
  const markdown = scrub(await renderText(REPORTERS.markdown, view, links), ctx.secrets);

  let commentUrl = '';
  if (event.kind === 'pull_request' && inputs.comment && p.gate) {
    const result = await upsertComment(ctx.client, { issue: event.number, marker: commentMarker(p.head.run.trial_set.name), body: markdown });
    if (result.kind === 'not_permitted') {
      notices.push(
        `No PR comment: ${result.reason}${event.fromFork ? ' (a pull request from a fork gets a read-only token)' : ''}. The full report is this job summary.`,
      );
    } else {
      commentUrl = result.url;
      core.info(`trialgate: ${result.kind} comment ${result.url}`);
    }
  }
  for (const notice of notices) core.notice(notice);

  const summary = await renderText(REPORTERS.summary, view, { ...links, notices, artifactName: p.artifactName });
  await core.summary.addRaw(scrub(summary, ctx.secrets)).write();

  core.setOutput('results-path', join(p.runDir, 'results.json'));
  core.setOutput('artifact-id', artifact ? String(artifact.id) : '');
  core.setOutput('comment-url', commentUrl);
  if (!p.gate) return;
  core.setOutput('verdict', p.gate.verdict);
  core.setOutput('regressions', String(p.gate.regressions));
  // Each line inert: a test's name from a trial cannot start a workflow command of its own.
  for (const line of regressionLog(view, artifact ? artifact.url : 'the evidence artefact')) core.info(terminalText(line, true));
  if (!artifact) core.setFailed(notices[0]!);
  else if (p.gate.failure) core.setFailed(`trialgate: ${failureAnnotation(view, p.gate.failure)}`);
}

/**
 * results.json, report.md, report.html, junit.xml and every trial directory, scrubbed, as one artefact; or only the
 * files, or only the directories. Nothing to upload is no artefact (null).
 */
async function uploadRunDirectory(ctx: PublishContext, runDir: string, name: string, which: 'all' | 'files' | 'directories'): Promise<UploadedArtifact | null> {
  const entries = (await readdir(runDir, { withFileTypes: true })).filter((e) => which === 'all' || e.isDirectory() === (which === 'directories'));
  if (!entries.length) return null;
  const evidence = await listEvidenceFiles(runDir, entries.map((e) => e.name).sort());
  const changed = await scrubFiles(evidence.files, ctx.secrets);
  if (changed.length) core.warning(`trialgate: scrubbed secret values from ${plural(changed.length, 'evidence file')} before upload`);
  return uploadEvidence(ctx.client, name, evidence, ctx.inputs.retentionDays);
}
