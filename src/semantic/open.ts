// Opening the judge for a run, a calibration or a pairwise comparison: its key from the environment, its
// local endpoint started when the trial set names a command (in the run's sandbox, or in one of its own
// where no agent runs), the client over the cache directory. A
// judge that cannot be opened (key unset, endpoint did not start) is not an error of the run: every item
// it would answer is then an environment error, said once per trial, and the programmatic verdict stands.
import { openSandbox } from '../isolation/open.ts';
import type { Sandbox } from '../isolation/sandbox.ts';
import type { JudgeConfig } from '../schemas/judge.ts';
import { EnvironmentError } from '../util/errors.ts';
import type { Scrubber } from '../util/scrub.ts';
import { JudgeClient } from './client.ts';
import { startLocalEndpoint, type LocalEndpoint } from './local-endpoint.ts';

export interface OpenJudge {
  client: JudgeClient;
  /** Why the judge cannot be asked at all; undefined when it can. */
  unavailable: string | undefined;
  close(): Promise<void>;
}

export async function openJudge(
  judge: JudgeConfig,
  projectDir: string,
  options: { cacheDir: string; scrubber: Scrubber; env?: NodeJS.ProcessEnv; sandbox?: Sandbox },
): Promise<OpenJudge> {
  const env = options.env ?? process.env;
  const name = judge.api_key_env;
  const apiKey = name ? env[name] : undefined;
  let unavailable: string | undefined = name && !apiKey ? `judge.api_key_env names ${name}, which is not set in the environment` : undefined;
  let endpoint: LocalEndpoint | undefined;
  // The endpoint runs where the run's agents do not reach it: in the run's sandbox, or one of its own.
  const own = !unavailable && judge.command && !options.sandbox ? await openSandbox('auto', 'judge.command') : undefined;
  if (!unavailable && judge.command) {
    try {
      endpoint = await startLocalEndpoint((options.sandbox ?? own)!, judge.command, projectDir, {
        TRIALGATE_PROJECT: projectDir,
        ...(name && apiKey ? { [name]: apiKey } : {}),
      });
    } catch (e) {
      if (!(e instanceof EnvironmentError)) {
        await own?.dispose();
        throw e;
      }
      unavailable = e.message;
    }
  }
  const baseUrl = unavailable ? null : (endpoint?.baseUrl ?? judge.base_url!);
  const client = await JudgeClient.open({
    model: judge.model,
    baseUrl,
    ...(endpoint?.socketPath ? { socketPath: endpoint.socketPath } : {}),
    ...(unavailable ? { unavailable } : {}),
    ...(apiKey ? { apiKey } : {}),
    timeoutMs: judge.timeout_seconds * 1000,
    ...(judge.max_tokens === undefined ? {} : { maxTokens: judge.max_tokens }),
    ...(judge.price ? { price: judge.price } : {}),
    cacheDir: options.cacheDir,
    scrubber: options.scrubber,
  });
  return {
    client,
    unavailable,
    close: async () => {
      await endpoint?.stop();
      await own?.dispose();
    },
  };
}
