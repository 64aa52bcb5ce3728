// Choosing the sandbox for a run: bubblewrap where it works, otherwise the unisolated fallback with the
// reason recorded, unless the trial set requires isolation.
import { EnvironmentError } from '../util/errors.ts';
import { Bubblewrap } from './bubblewrap.ts';
import { IsolationUnavailable, type Sandbox } from './sandbox.ts';
import { Unisolated } from './unisolated.ts';

export type IsolationSetting = 'auto' | 'required' | 'none';

export async function openSandbox(setting: IsolationSetting, source = 'agent.isolation'): Promise<Sandbox> {
  if (setting === 'none') return new Unisolated({ mechanism: 'none', reason: `${source} is none` });
  const probed = await Bubblewrap.probe();
  if (typeof probed !== 'string') return probed;
  if (setting === 'required') throw new IsolationUnavailable(`${source} is required, but ${probed}`);
  return new Unisolated({ mechanism: 'none', reason: probed });
}

/** Whether agents run isolated with this setting on this machine: what a change scope may rely on (gate/scope.ts). */
export async function agentsIsolated(setting: IsolationSetting): Promise<boolean> {
  if (setting === 'none') return false;
  const probed = await Bubblewrap.probe();
  if (typeof probed === 'string') return false;
  await probed.dispose();
  return true;
}

/** The variables every sandboxed command gets besides its own: where programs are, and a sane locale. */
export function baseEnvironment(env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return {
    PATH: env.PATH ?? '/usr/local/bin:/usr/bin:/bin',
    LANG: env.LANG ?? 'C.UTF-8',
    ...(env.TZ ? { TZ: env.TZ } : {}),
  };
}

/** The values of `pass_env` from the runner's environment; a missing one is a setup mistake. */
export function passedEnvironment(names: readonly string[], where: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const out: Record<string, string> = {};
  const missing = names.filter((name) => env[name] === undefined);
  if (missing.length)
    throw new EnvironmentError(
      `${where} names ${missing.join(', ')}, which ${missing.length === 1 ? 'is' : 'are'} not set in the environment: ` +
        `set ${missing.length === 1 ? 'it' : 'them'} for the run (${missing.map((name) => `export ${name}=…`).join('; ')}; ` +
        `in a workflow, on the trialgate step: env: ${missing.map((name) => `${name}: \${{ secrets.${name} }}`).join(', ')}, which a fork's pull request is not given)`,
      'a variable the trial set passes on is missing: a setup mistake, not a verdict',
    );
  for (const name of names) out[name] = env[name]!;
  return out;
}
