// The evidence artefact: results.json, report.md, junit.xml and the trial directories, as one
// artefact of this run. It is also what a later PR downloads as its baseline.
import { lstat, readdir } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import type { GitHubClient, UploadedArtifact } from './client.ts';

export interface EvidenceFiles {
  root: string;
  /** Absolute paths of the regular files to upload. */
  files: string[];
  /** Paths (relative to root) left out: symbolic links, which could point outside the run directory. */
  skipped: string[];
}

/**
 * Expand `paths` (files or directories, relative to `root`) into the regular files under them.
 * A named path that does not exist is an error: evidence is never dropped silently.
 */
export async function listEvidenceFiles(root: string, paths: readonly string[]): Promise<EvidenceFiles> {
  const absRoot = resolve(root);
  const files: string[] = [];
  const skipped: string[] = [];
  const visit = async (path: string): Promise<void> => {
    const stat = await lstat(path);
    if (stat.isSymbolicLink()) skipped.push(relative(absRoot, path));
    else if (stat.isDirectory()) for (const entry of (await readdir(path)).sort()) await visit(join(path, entry));
    else if (stat.isFile()) files.push(path);
  };
  for (const path of paths) {
    const abs = resolve(absRoot, path);
    if (abs !== absRoot && !abs.startsWith(absRoot + sep)) throw new Error(`evidence path ${path} lies outside ${absRoot}`);
    await visit(abs);
  }
  return { root: absRoot, files: [...new Set(files)], skipped };
}

/** Upload the evidence as artefact `name`, kept `retentionDays` days. */
export async function uploadEvidence(client: GitHubClient, name: string, evidence: EvidenceFiles, retentionDays: number): Promise<UploadedArtifact> {
  return client.uploadArtifact(name, evidence.root, evidence.files, retentionDays);
}
