// The action's first steps, loading only what they need: read the inputs, mask the secrets, read the
// event and trialgate.yml (validated whole: a broken trial set never passes as a skip), and for a pull
// request ask GitHub which files it changes and decide which tasks they affect. A pull request that
// affects no task ends here; anything else loads the rest of the action (main.ts) and, through it, the
// engine and the artefact client, which a skipped pull request never loads.
import { resolve } from 'node:path';
import * as core from '@actions/core';
import { withGateFiles, type ChangeScope } from '../gate/scope.ts';
import { decideOnChanges } from '../github/changes.ts';
import { GitHubClient } from '../github/client.ts';
import { readEvent, type ActionEvent } from '../github/event.ts';
import { agentsIsolated } from '../isolation/open.ts';
import { trialSetDependencies } from '../trial/dependencies.ts';
import { readTrialSetFile } from '../trial/trialset-file.ts';
import { workflowFiles } from './gate-files.ts';
import { readInputs } from './inputs.ts';
import type { Opening } from './opening.ts';
import { trialSetFileSources } from '../secrets.ts';
import { actionSecrets, maskSecrets } from './secrets.ts';

export async function run(): Promise<void> {
  try {
    const opening = await open();
    if (opening.event.kind === 'pull_request') {
      const affected = await tasksAffected(opening);
      if (!affected) return;
      opening.scope = affected.scope;
      opening.changedFiles = affected.files;
    }
    const { runOpened } = await import('./main.ts');
    await runOpened(opening);
  } catch (error) {
    core.setOutput('verdict', 'error');
    core.setFailed(error instanceof Error ? error.message : String(error));
  }
}

async function open(): Promise<Opening> {
  const inputs = readInputs();
  const workspace = process.env.GITHUB_WORKSPACE ?? process.cwd();
  const set = await readTrialSetFile(resolve(workspace, inputs.config));
  // What trialgate.yml names is secret from the start, like secret-env; main.ts adds what the fixtures name.
  const secrets = actionSecrets(inputs, trialSetFileSources(set.config));
  maskSecrets(secrets);
  if (secrets.unset.length) core.warning(`secret variables that are unset (secret-env, or named by the trial set): ${secrets.unset.join(', ')}`);
  if (secrets.tooShort.length) core.warning(`secret values too short to scrub safely: ${secrets.tooShort.join(', ')}`);
  return { inputs, event: await readEvent(), client: GitHubClient.fromEnv(inputs.githubToken), secrets, set, workspace, scope: null, changedFiles: null };
}

/**
 * The tasks a pull request reruns, or null when it affects none: then it is skipped, with a notice saying
 * so; never a silent green. A changed fixture changes its tasks: they rerun, so the comment can say so.
 */
async function tasksAffected(opening: Opening): Promise<{ scope: ChangeScope; files: string[] } | null> {
  const event = opening.event as Extract<ActionEvent, { kind: 'pull_request' }>;
  const { set, workspace } = opening;
  const listed = await opening.client.listPullRequestFiles(event.number);
  const files = listed.flatMap((file) => [file.filename, ...(file.previous_filename === undefined ? [] : [file.previous_filename])]);
  const decision = decideOnChanges({
    files: listed,
    dependencies: withGateFiles(await trialSetDependencies(set, workspace, await agentsIsolated(set.config.agent.isolation)), await workflowFiles(workspace)),
    ...(event.changedFiles === undefined ? {} : { changedCount: event.changedFiles }),
    force: opening.inputs.force,
  });
  if (decision.run) {
    core.info(`trialgate: ${decision.reason}`);
    return { scope: decision.scope, files };
  }
  core.notice(`trialgate skipped: ${decision.reason}`);
  await core.summary.addRaw(`### trialgate · ${set.config.name}\n\n⏭️ Skipped: ${decision.reason}\n`).write();
  core.setOutput('verdict', 'skipped');
  core.setOutput('regressions', '0');
  return null;
}
