// The action's first steps, loading only what they need: read the inputs, mask the secrets, read the
// event and trialgate.yml, and for a pull request ask GitHub which files it changes. A pull request that
// touches nothing watched ends here; anything else loads the rest of the action (main.ts) and, through
// it, the engine and the artefact client, which a skipped pull request never loads.
import { relative, resolve } from 'node:path';
import * as core from '@actions/core';
import { decideOnChanges } from '../github/changes.ts';
import { GitHubClient } from '../github/client.ts';
import { readEvent, type ActionEvent } from '../github/event.ts';
import { readTrialSetFile } from '../trial/trialset-file.ts';
import { readInputs } from './inputs.ts';
import type { Opening } from './opening.ts';
import { collectSecrets, maskSecrets } from './secrets.ts';

export async function run(): Promise<void> {
  try {
    const opening = await open();
    if (opening.event.kind === 'pull_request' && !(await watchedPathsChanged(opening))) return;
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
  // The judge's key is a secret of the trial set's own naming: scrubbed and masked like secret-env.
  const judgeKey = set.config.judge?.api_key_env;
  const secrets = collectSecrets([...inputs.secretEnv, ...(judgeKey ? [judgeKey] : [])], process.env, inputs.githubToken);
  maskSecrets(secrets);
  if (secrets.unset.length) core.warning(`secret-env names unset variables: ${secrets.unset.join(', ')}`);
  if (secrets.tooShort.length) core.warning(`secret-env values too short to scrub safely: ${secrets.tooShort.join(', ')}`);
  return { inputs, event: await readEvent(), client: GitHubClient.fromEnv(inputs.githubToken), secrets, set, workspace };
}

/** A PR that touches no watched path is skipped, with a notice saying so; never a silent green. */
async function watchedPathsChanged(opening: Opening): Promise<boolean> {
  const event = opening.event as Extract<ActionEvent, { kind: 'pull_request' }>;
  const { set, workspace } = opening;
  const setDir = relative(workspace, set.dir);
  const inRepo = (glob: string) => (setDir ? `${setDir}/${glob}` : glob);
  // A changed fixture changes the task: run, so the comment can say so.
  const fixtures = set.config.tasks.map((task) => relative(workspace, resolve(set.dir, task.fixture))).filter((dir) => dir && !dir.startsWith('..'));
  const decision = decideOnChanges({
    files: await opening.client.listPullRequestFiles(event.number),
    watch: [...set.config.watch.map(inRepo), ...fixtures.map((dir) => `${dir}/**`)],
    configPath: relative(workspace, set.file),
    ...(event.changedFiles === undefined ? {} : { changedCount: event.changedFiles }),
    force: opening.inputs.force,
  });
  if (decision.run) {
    core.info(`trialgate: ${decision.reason}`);
    return true;
  }
  core.notice(`trialgate skipped: ${decision.reason}`);
  await core.summary.addRaw(`### trialgate · ${set.config.name}\n\n⏭️ Skipped: ${decision.reason}\n`).write();
  core.setOutput('verdict', 'skipped');
  core.setOutput('regressions', '0');
  return false;
}
