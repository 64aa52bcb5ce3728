// The one comment per pull request and trial set: found by its hidden marker among the comments the
// token's identity wrote, updated in place, created only when there is none.
//
// Whose comments count: for GITHUB_TOKEN the author is `github-actions[bot]` (the default); with a
// personal or app token pass that identity's login as `authorLogin`. Requiring the author keeps us from
// editing (or being fooled by) a human's comment that quotes the marker. The login GitHub recorded is
// returned, so the action can warn when it differs from the one expected (reruns would not find it).
import type { GitHubClient, IssueComment } from './client.ts';
import { httpStatus } from './client.ts';

export const DEFAULT_COMMENT_AUTHOR = 'github-actions[bot]';

export type CommentResult =
  | { kind: 'created' | 'updated'; id: number; url: string; author: string }
  /** The token may not read or write comments (a fork's read-only token): write the job summary instead. */
  | { kind: 'not_permitted'; reason: string };

/**
 * Our comment among `comments`: the oldest one by `author` that starts with `marker`. Pure. Only at the
 * start: a comment's body quotes trial text, and another trial set's comment quoting this set's marker (an
 * agent can write one into a failure reason) must not be taken for this set's and overwritten.
 */
export function findMarkedComment(comments: readonly IssueComment[], marker: string, author: string): IssueComment | undefined {
  return comments.find((c) => c.user?.login === author && (c.body ?? '').startsWith(marker));
}

/** Create or update the marked comment; `body` gets the marker prepended unless it starts with it. */
export async function upsertComment(client: GitHubClient, opts: { issue: number; marker: string; body: string; authorLogin?: string }): Promise<CommentResult> {
  const author = opts.authorLogin ?? DEFAULT_COMMENT_AUTHOR;
  const body = opts.body.startsWith(opts.marker) ? opts.body : `${opts.marker}\n${opts.body}`;
  let step = 'list the comments of';
  try {
    const existing = findMarkedComment(await client.listIssueComments(opts.issue), opts.marker, author);
    step = existing ? 'update its comment on' : 'comment on';
    const written = existing ? await client.updateComment(existing.id, body) : await client.createComment(opts.issue, body);
    return { kind: existing ? 'updated' : 'created', id: written.id, url: written.html_url, author: written.user?.login ?? author };
  } catch (error) {
    if (httpStatus(error) !== 403) throw error;
    return {
      kind: 'not_permitted',
      reason: `the token may not ${step} #${opts.issue} (403: ${(error as Error).message}); a pull request from a fork gets a read-only token, or the workflow lacks \`permissions: pull-requests: write\``,
    };
  }
}
