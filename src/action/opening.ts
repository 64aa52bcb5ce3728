// What the action's first steps (start.ts) read once and hand to the rest of it (main.ts).
import type { ChangeScope } from '../gate/scope.ts';
import type { GitHubClient } from '../github/client.ts';
import type { ActionEvent } from '../github/event.ts';
import type { TrialSetText } from '../trial/trialset-file.ts';
import type { ActionInputs } from './inputs.ts';
import type { SecretSet } from './secrets.ts';

/** What the first steps read, once: the rest of the action goes on from here. */
export interface Opening {
  inputs: ActionInputs;
  event: ActionEvent;
  client: GitHubClient;
  secrets: SecretSet;
  set: TrialSetText;
  workspace: string;
  /** On a pull request: which tasks its changes rerun (the others are recorded as not rerun); null on any other event: every task. */
  scope: ChangeScope | null;
  /** On a pull request: the files it changes, as GitHub lists them (both paths of a rename); null on any other event. */
  changedFiles: string[] | null;
}

/** The opening, once the secrets are known, and where this job's run directory and downloads go. */
export interface ActionContext extends Opening {
  temp: string;
}
