// Which format (src/schemas/formats.ts) a file trialgate wrote follows, found by its path, and whether it
// follows it: what the formats test holds real runs to.
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import picomatch from 'picomatch';
import { FILE_FORMATS, type FileFormat, type FormatRoot } from '../../src/schemas/formats.ts';

/** The format a file at `path` (relative to a root of kind `root`) follows: the first whose glob matches. */
export function formatAt(root: FormatRoot, path: string): FileFormat | undefined {
  return FILE_FORMATS.find((f) => f.root === root && f.paths.some((glob) => picomatch.isMatch(path, glob)));
}

/** Why the JSON file at `path` does not follow `format`, one line per problem; none when it does. */
export async function problemsOf(format: FileFormat, path: string): Promise<string[]> {
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (e) {
    return [`${path}: not JSON (${(e as Error).message})`];
  }
  const parsed = format.schema.safeParse(data);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${path}: ${format.name}: ${issue.path.join('.') || '(top level)'}: ${issue.message}`);
}

/** What the agent delivered, the fixture inputs it was given and a person's repair copy: theirs, not trialgate's. */
const NOT_TRIALGATES = picomatch(['*/trial-*/candidate/**', '*/trial-*/inputs/**', '*/trial-*/repair/candidate/**']);

/**
 * Every JSON file trialgate wrote below a run directory, checked: each must have a format and follow it.
 * Returns the problems and the formats the files followed.
 */
export async function checkRunDirectory(runDir: string): Promise<{ problems: string[]; followed: Set<string> }> {
  const problems: string[] = [];
  const followed = new Set<string>();
  for (const entry of await readdir(runDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
    const path = relative(runDir, join(entry.parentPath, entry.name));
    if (NOT_TRIALGATES(path)) continue;
    const format = formatAt('run', path);
    if (!format) {
      problems.push(`${path}: no format in src/schemas/formats.ts claims it`);
      continue;
    }
    followed.add(format.name);
    problems.push(...(await problemsOf(format, join(runDir, path))));
  }
  return { problems, followed };
}
