// The files a shell command names (`node agent/run.mjs`, `python "$PROJECT/agent.py"`), so that a run
// that failed because one of them is missing or hidden is told apart as a setup mistake.
import { isAbsolute, resolve } from 'node:path';

const SCRIPT = /\.(mjs|cjs|js|ts|py|sh|rb|pl)$/;

/** Absolute paths of the files `command` names, after expanding $VAR and ${VAR} from `env`, relative ones against `cwd`. */
export function namedPaths(command: string, env: Readonly<Record<string, string>>, cwd: string): string[] {
  const expanded = command.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => env[name] ?? whole);
  const tokens = [...expanded.matchAll(/(?:^|[\s"'=])([^\s"'`;|&<>()$=]+)/g)].map((m) => m[1]!);
  return tokens.filter((t) => !t.startsWith('-') && (isAbsolute(t) || (t.includes('/') && SCRIPT.test(t)) || SCRIPT.test(t))).map((t) => resolve(cwd, t));
}
