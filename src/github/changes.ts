// Does a pull request touch what the trial set watches? Pure: the file list comes from the client.
// Never a silent green: a changed trial-set config, or a file list GitHub cut short, means "run".
import picomatch from 'picomatch';
import type { ChangedFile } from './client.ts';

/** GitHub's pull-request files endpoint returns at most this many files. */
export const PR_FILES_LIMIT = 3000;

export interface ChangeDecision {
  run: boolean;
  /** Why, in one line for the notice or the job summary. */
  reason: string;
  /** Changed paths that matched a watch glob (old and new path of a rename both count). */
  watched: string[];
  configChanged: boolean;
}

/**
 * Decide from the PR's changed files whether to run the trials.
 * `watch`: globs relative to the repository root; `configPath`: the trial-set file, always watched;
 * `changedCount`: the PR's `changed_files` from the event, to tell a complete list from a truncated one.
 */
export function decideOnChanges(opts: {
  files: readonly ChangedFile[];
  watch: readonly string[];
  configPath: string;
  changedCount?: number;
  force: boolean;
}): ChangeDecision {
  const isWatched = picomatch([...opts.watch], { dot: true });
  const config = normalize(opts.configPath);
  const watched: string[] = [];
  let configChanged = false;
  for (const file of opts.files) {
    for (const path of [file.filename, file.previous_filename]) {
      if (path === undefined) continue;
      if (path === config) configChanged = true;
      if ((path === config || isWatched(path)) && !watched.includes(path)) watched.push(path);
    }
  }
  const truncated = opts.changedCount === undefined ? opts.files.length >= PR_FILES_LIMIT : opts.files.length < opts.changedCount;
  const base = { watched, configChanged };
  if (opts.force) return { run: true, reason: 'the force input is set', ...base };
  if (configChanged) return { run: true, reason: `the trial-set config ${config} changed`, ...base };
  if (watched.length) return { run: true, reason: `${watched.length} watched file${watched.length > 1 ? 's' : ''} changed: ${watched.slice(0, 5).join(', ')}${watched.length > 5 ? ', …' : ''}`, ...base };
  if (truncated) return { run: true, reason: `GitHub listed ${opts.files.length} of the PR's ${opts.changedCount ?? 'more than ' + PR_FILES_LIMIT} changed files, so a watched change cannot be ruled out`, ...base };
  return { run: false, reason: `none of the ${opts.files.length} changed files matches the watched paths (${opts.watch.join(', ') || 'none'}) or ${config}`, ...base };
}

function normalize(path: string): string {
  return path.replace(/\\/g, '/').replace(/^\.\//, '');
}
