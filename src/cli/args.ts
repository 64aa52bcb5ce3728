// One description per command (its options and their allowed values, positionals, exit codes) that drives
// both the parsing and the help of every command: `--help` and `-h` on each, an unknown option named with
// the nearest valid one, a value outside an option's choices refused naming them.
import { parseArgs } from 'node:util';
import { nearest } from '../util/nearest.ts';
import { EXIT, type Io } from './io.ts';

export interface OptionSpec {
  type: 'string' | 'boolean';
  /** How the value is shown in help (`DIR`, `K`); default the choices, `a|b`. */
  value?: string;
  help: string;
  multiple?: boolean;
  short?: string;
  /** The only values the option takes; anything else is refused, naming them. */
  choices?: readonly string[];
  /** Values it once took, each with what replaced it: refused, saying so. */
  former?: Readonly<Record<string, string>>;
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
      Object.entries(spec.options).map(([name, o]) => [
        name,
        { type: o.type, ...(o.multiple ? { multiple: true } : {}), ...(o.short ? { short: o.short } : {}) },
      ]),
    );
    parsed = parseArgs({ args: [...argv], options, allowPositionals: true, strict: true }) as Parsed;
  } catch (e) {
    io.stderr(`trialgate ${spec.name}: ${explain(e as Error, spec)}\n${usageLine(spec)}\n`);
    return EXIT.usage;
  }
  const refused = refusedValue(spec, parsed.values);
  if (refused) {
    io.stderr(`trialgate ${spec.name}: ${refused}\n${usageLine(spec)}\n`);
    return EXIT.usage;
  }
  const n = parsed.positionals.length;
  if (n < spec.positionals.min || n > spec.positionals.max) {
    const want =
      spec.positionals.max === 0 ? 'no arguments' : spec.positionals.min === spec.positionals.max ? `${spec.positionals.name}` : `${spec.positionals.name}`;
    io.stderr(
      `trialgate ${spec.name}: expected ${want}, got ${n === 0 ? 'none' : parsed.positionals.map((p) => JSON.stringify(p)).join(' ')}\n${usageLine(spec)}\n`,
    );
    return EXIT.usage;
  }
  return parsed;
}

/** Why a value is not one the option takes, for the first such value; undefined when all are. */
function refusedValue(spec: CommandSpec, values: Parsed['values']): string | undefined {
  for (const [name, option] of Object.entries(spec.options)) {
    const given = values[name];
    if (!option.choices || typeof given === 'boolean' || given === undefined) continue;
    for (const value of Array.isArray(given) ? given : [given]) {
      const replacement = option.former && Object.hasOwn(option.former, value) ? option.former[value] : undefined;
      if (replacement) return `--${name} ${value} was replaced by ${replacement}`;
      if (!option.choices.includes(value)) return `--${name} must be ${oneOf(option.choices)}, not ${JSON.stringify(value)}`;
    }
  }
  return undefined;
}

function oneOf(choices: readonly string[]): string {
  return choices.length <= 2 ? choices.join(' or ') : `one of ${choices.join(', ')}`;
}

function explain(error: Error, spec: CommandSpec): string {
  const unknown = /Unknown option '(-{1,2})([^']+)'/.exec(error.message);
  if (unknown) {
    const guess = nearest(unknown[2]!, Object.keys(spec.options));
    return `unknown option ${unknown[1]}${unknown[2]}${guess ? ` (did you mean --${guess}?)` : ''}; see trialgate ${spec.name} --help`;
  }
  return error.message.replace(/\. To specify a positional argument.*$/, '');
}

/** The command's synopsis as every error and its help show it. */
export function usageLine(spec: CommandSpec): string {
  return `usage: ${spec.usage}`;
}

export function commandHelp(spec: CommandSpec): string {
  const width = Math.max(0, ...Object.entries(spec.options).map(([name, o]) => optionLabel(name, o).length));
  return [
    `${spec.summary}`,
    '',
    usageLine(spec),
    '',
    ...(Object.keys(spec.options).length
      ? [
          'options:',
          ...Object.entries(spec.options).map(([name, o]) => `  ${optionLabel(name, o).padEnd(width)}  ${o.help}`),
          `  ${'-h, --help'.padEnd(width)}  this help`,
          '',
        ]
      : []),
    `exit: ${spec.exits}`,
    '',
  ].join('\n');
}

function optionLabel(name: string, option: OptionSpec): string {
  const value = option.value ?? option.choices?.join('|');
  return `${option.short ? `-${option.short}, ` : ''}--${name}${value ? ` ${value}` : ''}${option.multiple ? ' …' : ''}`;
}
