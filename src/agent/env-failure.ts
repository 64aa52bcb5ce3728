// Telling the environment's failures apart from the agent's, from how an agent run ended. Pure: exit
// status and output in, a reason (or nothing) out.
//
// The one channel by which an agent command says its environment failed (docs/agents.md): it exits with
// status 75 (EX_TEMPFAIL of sysexits.h, "try again later") after printing a line
// `trialgate-env-error: <reason>`. The shipped adapters use it for a refused key, a spent quota, a provider
// that is down and a CLI that is not installed. The status is the declaration; the line is only its reason.
import type { CommandProgram } from '../util/command-paths.ts';

export const ENV_FAILURE_EXIT = 75;
export const ENV_FAILURE_PREFIX = 'trialgate-env-error:';
const REASON_CHARS = 600;

/** The reason an agent declared its environment failed, or undefined when it did not declare it. */
export function declaredEnvFailure(exitCode: number | null, output: string): string | undefined {
  if (exitCode !== ENV_FAILURE_EXIT) return undefined;
  const lines = output.split('\n').filter((line) => line.startsWith(ENV_FAILURE_PREFIX));
  const reason = lines.at(-1)?.slice(ENV_FAILURE_PREFIX.length).trim();
  if (reason) return reason.length > REASON_CHARS ? `${reason.slice(0, REASON_CHARS)}…` : reason;
  return `the agent exited ${ENV_FAILURE_EXIT} (its environment failed) without a "${ENV_FAILURE_PREFIX} <reason>" line; its output ends: ${tail(output) || '(nothing)'}`;
}

/** How shells report a program they could not run: dash/ash `sh: 1: x: not found`, bash `bash: line 1: x: command not found`, env's own. */
const SHELL_FAILURE =
  /^(?:[\w/.-]*sh|env)(?:: line \d+|: \d+)?: (?:'|‘)?(.+?)(?:'|’)?: (not found|command not found|No such file or directory|Permission denied|cannot execute(?: [\w ]+)?|Exec format error)$/;

/**
 * Why the agent command's own shell could not run one of its programs (`claude …; node usage.mjs` whose
 * claude is not installed), or undefined. Only the programs the command itself names count: a message
 * about anything else is output of the agent's own work, and no excuse.
 */
export function shellCannotRun(output: string, programs: readonly CommandProgram[], env: Readonly<Record<string, string>>): string | undefined {
  const names = new Set(programs.flatMap((p) => [p.name, expand(p.name, env)]));
  for (const line of output.split('\n')) {
    const m = SHELL_FAILURE.exec(line.trim());
    if (!m || !names.has(m[1]!)) continue;
    const what = /found|No such file/.test(m[2]!) ? 'not found' : 'cannot be executed';
    return `the agent command's program ${m[1]} ${what} (${line.trim()})`;
  }
  return undefined;
}

/** The last lines of `output`, on one line. */
export function tail(output: string, lines = 3): string {
  return output.trim().split('\n').slice(-lines).join(' | ');
}

function expand(text: string, env: Readonly<Record<string, string>>): string {
  return text.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => env[name] ?? whole);
}
