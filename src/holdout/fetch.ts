// Fetching a holdout source: a directory of another GitHub repository, as the REST API's zipball of a ref,
// with a token from the environment. Plain HTTP (no GitHub client): the CLI fetches as the action does.
// Every failure is the environment's, and is said in words that name no holdout task (the source itself is
// in trialgate.yml, which everyone reading the log can read).
import { createWriteStream } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, normalize } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { HoldoutSource } from '../schemas/holdout.ts';
import { extractZip } from '../util/unzip.ts';

/** A holdout source that could not be fetched: the environment's failure, never the pull request's. */
export class HoldoutUnavailable extends Error {
  override readonly name = 'HoldoutUnavailable';
}

export interface FetchedSource {
  /** Everything fetched is below this: agents are never shown it. */
  root: string;
  /** The directory that holds holdout.yml. */
  dir: string;
  /** Removes everything fetched. */
  cleanup(): Promise<void>;
}

/** The source's directory at its ref, fetched into a private temporary directory. */
export async function fetchSource(source: HoldoutSource, env: Readonly<Record<string, string | undefined>>): Promise<FetchedSource> {
  const token = env[source.token_env];
  if (!token) throw new HoldoutUnavailable(`the holdout source needs a token in ${source.token_env}, which is not set`);
  const api = (source.api_url ?? env.GITHUB_API_URL ?? 'https://api.github.com').replace(/\/+$/, '');
  const url = `${api}/repos/${source.github}/zipball${source.ref ? `/${encodeURIComponent(source.ref)}` : ''}`;
  const root = await mkdtemp(join(tmpdir(), 'trialgate-holdout-source-'));
  const cleanup = () => rm(root, { recursive: true, force: true });
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.github+json', 'x-github-api-version': '2022-11-28', 'user-agent': 'trialgate' },
        redirect: 'follow',
        signal: AbortSignal.timeout(120_000),
      });
    } catch (e) {
      throw new HoldoutUnavailable(`the holdout source ${source.github} could not be reached (${(e as Error).cause ?? (e as Error).message})`);
    }
    if (!response.ok || !response.body) {
      const why =
        response.status === 404 ? 'not found, or the token cannot read it' : response.status === 401 ? 'the token was refused' : `HTTP ${response.status}`;
      throw new HoldoutUnavailable(`the holdout source ${source.github}${source.ref ? `@${source.ref}` : ''} could not be fetched: ${why}`);
    }
    const zip = join(root, 'source.zip');
    await pipeline(Readable.fromWeb(response.body as never), createWriteStream(zip));
    const tree = join(root, 'tree');
    await extractZip(zip, tree).catch((e: Error) => {
      throw new HoldoutUnavailable(`the holdout source ${source.github} sent an archive that cannot be read (${e.message})`);
    });
    // A zipball holds one directory, `<owner>-<name>-<sha>/`, with the repository in it.
    const top = await readdir(tree, { withFileTypes: true });
    if (top.length !== 1 || !top[0]!.isDirectory())
      throw new HoldoutUnavailable(`the holdout source ${source.github} sent an archive without one top directory`);
    const path = normalize(source.path);
    if (isAbsolute(path) || path.split('/').includes('..'))
      throw new HoldoutUnavailable(`holdout.source.path ${source.path} leaves the repository: name a directory inside it`);
    const dir = join(tree, top[0]!.name, path);
    if (!(await stat(dir).catch(() => null))?.isDirectory())
      throw new HoldoutUnavailable(`the holdout source ${source.github} has no directory ${source.path}`);
    return { root, dir, cleanup };
  } catch (e) {
    await cleanup();
    throw e;
  }
}
