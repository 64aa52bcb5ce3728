// What the GitHub REST API returns to the action, as far as it reads it: each response is validated
// against these before it is used, so a changed or broken answer names the route instead of failing later.
import { z } from 'zod';

export const ChangedFile = z.object({
  filename: z.string(),
  status: z.string(),
  /** Set for renames: the path the file had on the base branch. */
  previous_filename: z.string().optional(),
});

export const WorkflowRun = z.object({
  id: z.number().int(),
  workflow_id: z.number().int(),
  head_sha: z.string(),
  head_branch: z.string().nullable(),
  event: z.string(),
  status: z.string().nullable(),
  conclusion: z.string().nullable(),
  created_at: z.string(),
  html_url: z.string(),
  /** null when the head repository was deleted (a fork gone); never trusted as this repository. */
  head_repository: z.object({ full_name: z.string() }).nullable().optional(),
});

export const RunArtifact = z.object({
  id: z.number().int(),
  name: z.string(),
  size_in_bytes: z.number(),
  expired: z.boolean(),
  created_at: z.string().nullable(),
  expires_at: z.string().nullable().optional(),
  /** `sha256:<hex>` of the archive, when GitHub recorded one. */
  digest: z.string().nullable().optional(),
});

export const IssueComment = z.object({
  id: z.number().int(),
  body: z.string().optional(),
  user: z.object({ login: z.string() }).nullable(),
  html_url: z.string(),
});

/** A branch as GET branches/{branch} returns it: the commit it points at. */
export const BranchTip = z.object({ commit: z.object({ sha: z.string() }) });

export type ChangedFile = z.infer<typeof ChangedFile>;
export type WorkflowRun = z.infer<typeof WorkflowRun>;
export type RunArtifact = z.infer<typeof RunArtifact>;
export type IssueComment = z.infer<typeof IssueComment>;
