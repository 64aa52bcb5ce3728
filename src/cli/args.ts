// One description per command (its options, positionals, exit codes) that drives both the parsing and
// the help: `--help` and `-h` on every command, and an unknown option named with the nearest valid one.
import { parseArgs } from 'node:util';
import { nearest } from '../util/nearest.ts';
import { EXIT, type Io } from './io.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** How the value is shown in help (`DIR`, `K`). */
  value?: string;
  help: string;
  multiple?: boolean;
  short?: string;
}

export interface CommandSpec {
  name: string;
  summary: string;
  usage: string;
  positionals: { min: number; max: number; name: string };
  options: Record<string, OptionSpec>;
  exits: string;
}

export type Parsed = { values: Record<string, string | boolean | string[] | undefined>; positionals: string[] };

/** The parsed arguments, or the exit code when help was shown or the arguments are wrong (told on stderr). */
export function parseCommand(spec: CommandSpec, argv: readonly string[], io: Pick<Io, 'stdout' | 'stderr'>): Parsed | number {
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout(commandHelp(spec));
    return EXIT.ok;
  }
  let parsed: Parsed;
  try {
    const options = Object.fromEntries(
      Object.entries(spec.options).map(([name, o]) => [name, { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) }]),
    );
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true }) as Parsed;
  } catch (e) {
    io.stderr(`trialgate ${spec.name}: ${explain(e as Error, spec)}\n${spec.usage}\n`);
    return EXIT.usage;
  }
  const n = parsed.positionals.length;
  if (n < spec.positionals.min || n > spec.positionals.max) {
    const want = spec.positionals.max === 0 ? 'no arguments' : spec.positionals.min === spec.positionals.max ? `${spec.positionals.name}` : `${spec.positionals.name}`;
    io.stderr(`trialgate ${spec.name}: expected ${want}, got ${n === 0 ? 'none' : parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}\n${spec.usage}\n`);
    return EXIT.usage;
  }
  return parsed;
}

function explain(error: Error, spec: CommandSpec): string {
  const unknown = /Unknown option '(-{1,2})([^']+)'/.exec(error.message);
  if (unknown) {
    const guess = nearest(unknown[2]!, Object.keys(spec.options));
    return `unknown option ${unknown[1]}${unknown[2]}${guess ? ` (did you mean --${guess}?)` : ''}; see trialgate ${spec.name} --help`;
  }
  return error.message.replace(/\. To specify a positional argument.*$/, '');
}

export function commandHelp(spec: CommandSpec): string {
  const width = Math.max(0, ...Object.entries(spec.options).map(([name, o]) => optionLabel(name, o).length));
  return [
    `${spec.summary}`,
    '',
    `usage: ${spec.usage.replace(/^usage: /, '')}`,
    '',
    ...(Object.keys(spec.options).length ? ['options:', ...Object.entries(spec.options).map(([name, o]) => `  ${optionLabel(name, o).padEnd(width)}  ${o.help}`), `  ${'-h, --help'.padEnd(width)}  this help`, ''] : []),
    `exit: ${spec.exits}`,
    '',
  ].join('\n');
}

function optionLabel(name: string, option: OptionSpec): string {
  return `${option.short ? `-${option.short}, ` : ''}--${name}${option.value ? ` ${option.value}` : ''}${option.multiple ? ' …' : ''}`;
}
