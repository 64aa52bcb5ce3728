// The triggering event, read from the runner's event payload when asked (not at import, as
// @actions/github's `context` does), and reduced to what the action decides on.
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const Repository = z.object({ full_name: z.string(), default_branch: z.string() });

const PullRequestPayload = z.object({
  action: z.string().optional(),
  /** The label a `labeled` event added. */
  label: z.object({ name: z.string() }).optional(),
  pull_request: z.object({
    number: z.number().int(),
    changed_files: z.number().int().optional(),
    base: z.object({ ref: z.string(), sha: z.string() }),
    head: z.object({ ref: z.string(), sha: z.string(), repo: z.object({ full_name: z.string() }).nullable() }),
    labels: z.array(z.object({ name: z.string() })).optional(),
  }),
  repository: Repository,
});

const PushPayload = z.object({ ref: z.string(), after: z.string(), repository: Repository });

export type ActionEvent =
  | {
      kind: 'pull_request';
      number: number;
      baseRef: string;
      baseSha: string;
      headSha: string;
      /** The PR's changed-file count, to tell a complete file list from one GitHub cut short. */
      changedFiles?: number;
      /** The head lives in another repository: its token is read-only. */
      fromFork: boolean;
      /** The labels on the pull request when the event fired: only people with triage rights set them. */
      labels: string[];
      /**
       * The label this event added (a `labeled` event), given while the pull request was at this event's commit;
       * a label already on it was given at some earlier commit, whatever the author pushed since.
       */
      labeledNow?: string;
      repository: string;
      defaultBranch: string;
    }
  | { kind: 'push'; branch: string | null; sha: string; repository: string; defaultBranch: string }
  | { kind: 'other'; name: string };

/** Reduce an event name and payload to an ActionEvent. Pure; throws on a payload it cannot read. */
export function parseEvent(name: string, payload: unknown): ActionEvent {
  if (name === 'pull_request' || name === 'pull_request_target') {
    const { pull_request: pr, repository, action, label } = parsePayload(PullRequestPayload, payload, name);
    return {
      kind: 'pull_request',
      number: pr.number,
      baseRef: pr.base.ref,
      baseSha: pr.base.sha,
      headSha: pr.head.sha,
      ...(pr.changed_files === undefined ? {} : { changedFiles: pr.changed_files }),
      fromFork: pr.head.repo?.full_name !== repository.full_name,
      labels: (pr.labels ?? []).map((l) => l.name),
      ...(action === 'labeled' && label ? { labeledNow: label.name } : {}),
      repository: repository.full_name,
      defaultBranch: repository.default_branch,
    };
  }
  if (name === 'push') {
    const push = parsePayload(PushPayload, payload, name);
    const branch = push.ref.startsWith('refs/heads/') ? push.ref.slice('refs/heads/'.length) : null;
    return { kind: 'push', branch, sha: push.after, repository: push.repository.full_name, defaultBranch: push.repository.default_branch };
  }
  return { kind: 'other', name };
}

/** Whether a push records a baseline: to one of `branches`, or (none given) to the default branch. Pure. */
export function recordsBaseline(event: ActionEvent, branches: readonly string[]): boolean {
  if (event.kind !== 'push' || event.branch === null) return false;
  return branches.length ? branches.includes(event.branch) : event.branch === event.defaultBranch;
}

/** The event this job runs for, from GITHUB_EVENT_NAME and the payload at GITHUB_EVENT_PATH. */
export async function readEvent(env: NodeJS.ProcessEnv = process.env): Promise<ActionEvent> {
  const name = env.GITHUB_EVENT_NAME;
  const path = env.GITHUB_EVENT_PATH;
  if (!name || !path) throw new Error('GITHUB_EVENT_NAME and GITHUB_EVENT_PATH are not set: run this inside GitHub Actions');
  return parseEvent(name, JSON.parse(await readFile(path, 'utf8')));
}

function parsePayload<S extends z.ZodType>(schema: S, payload: unknown, name: string): z.infer<S> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new Error(`${name} event payload: ${issue ? issue.path.join('.') : ''}: ${issue?.message ?? 'invalid'}`);
}
