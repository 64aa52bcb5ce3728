// What a shell command names: the files (`node agent/run.mjs`, `python "$PROJECT/agent.py"`) and the
// programs it runs (`claude …; node usage.mjs` runs claude and node), so that a run that failed because
// one of them is missing or hidden is told apart as a setup mistake, and a run can check before its first
// trial that each can be found.
import { isAbsolute, resolve } from 'node:path';

/** A file a command runs with an interpreter (`node x.mjs`, `python x.py`). */
export const SCRIPT = /\.(mjs|cjs|js|ts|py|sh|rb|pl)$/;

/** Absolute paths of the files `command` names, after expanding $VAR and ${VAR} from `env`, relative ones against `cwd`. */
export function namedPaths(command: string, env: Readonly<Record<string, string>>, cwd: string): string[] {
  return namedFiles(command, env).map((t) => resolve(cwd, t));
}

/** The file tokens of `command` as written, $VAR and ${VAR} expanded from `env` (relative ones stay relative). */
export function namedFiles(command: string, env: Readonly<Record<string, string>>): string[] {
  return namedWords(command, env).filter((t) => isAbsolute(t) || (t.includes('/') && SCRIPT.test(t)) || SCRIPT.test(t));
}

/**
 * Every word of `command` that may be a path (`hidden/tests`, a directory pytest is given, as well as files),
 * $VAR and ${VAR} expanded from `env`: no option, glob, URL, output redirection or part of a quoted word.
 */
export function namedWords(command: string, env: Readonly<Record<string, string>>): string[] {
  const expanded = command.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name: string) => env[name] ?? whole);
  const tokens = [...expanded.matchAll(/(?:^|[\s"'=])([^\s"'`;|&<>()$=]+)/g)]
    .filter((m) => !glued(expanded, m.index + m[0].length - m[1]!.length) && !redirected(expanded, m.index + m[0].length - m[1]!.length))
    // A list of paths (`PYTHONPATH="$A:$B"`) names each of them; a URL names none.
    .flatMap((m) => (m[1]!.includes('://') ? [] : m[1]!.split(':')))
    .filter(Boolean);
  // A glob (`"$DIR"/*.test.mjs`) names what the shell finds, not one file that must exist.
  return tokens.filter((t) => !t.startsWith('-') && !/[*?[]/.test(t));
}

/** The word at `start` is where output goes (`> /tmp/out.log`): written by the command, not something it needs. */
function redirected(command: string, start: number): boolean {
  return /(^|[^<])>\s*["']?$/.test(command.slice(0, start));
}

/** The word at `start` continues a quoted word before it (`"$TRIALGATE_CANDIDATE"/x.mjs`): only part of a path. */
function glued(command: string, start: number): boolean {
  const before = command[start - 1];
  if (before !== '"' && before !== "'") return false;
  const quotes = [...command.slice(0, start - 1)].filter((c) => c === before).length;
  // An odd count before it means this quote closes a quoted word the token is glued to.
  return quotes % 2 === 1;
}

/** A program a command runs: the word as written (quotes kept, for a shell to expand) and its name unquoted. */
export interface CommandProgram {
  word: string;
  name: string;
}

/** Words that start a simple command without being its program. */
const PREFIXES = new Set(['exec', 'command', 'time', 'nohup', 'env', 'nice', '!', 'then', 'else', 'elif', 'do', 'if', 'while', 'until', '{', '(']);
/** Words after which nothing is a program until the command ends. */
const NOT_PROGRAMS = new Set(['for', 'case', 'function', 'fi', 'done', 'esac', '}', ')']);

/**
 * The programs `command` runs, in order, each once: the first word of every simple command, past variable
 * assignments and prefixes such as `exec` or `env`. A word holding a command substitution is never a
 * program here (it would have to be run to be known).
 */
export function commandPrograms(command: string): CommandProgram[] {
  const out: CommandProgram[] = [];
  for (const words of simpleCommands(command)) {
    let i = 0;
    while (
      i < words.length &&
      (PREFIXES.has(words[i]!.name) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!.word) || (words[i - 1]?.name === 'env' && words[i]!.name.startsWith('-')))
    )
      i++;
    const program = words[i];
    if (!program || NOT_PROGRAMS.has(program.name) || program.word.includes(SUBSTITUTION) || program.name === '') continue;
    if (!out.some((p) => p.word === program.word)) out.push(program);
  }
  return out;
}

/** The command split into simple commands (at unquoted ; & | newlines and parentheses), each as its words. */
function simpleCommands(text: string): CommandProgram[][] {
  const command = maskSubstitutions(text);
  const commands: CommandProgram[][] = [[]];
  let word = '';
  let name = '';
  let quote: '"' | "'" | null = null;
  const endWord = () => {
    if (word) commands[commands.length - 1]!.push({ word, name });
    word = '';
    name = '';
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      word += c;
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"' && i + 1 < command.length) {
        word += command[++i]!;
        name += command[i]!;
      } else name += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      word += c;
    } else if (c === '\\' && i + 1 < command.length) {
      word += c + command[i + 1]!;
      name += command[++i]!;
    } else if (/\s/.test(c) && c !== '\n') {
      endWord();
    } else if (c === '#' && word === '') {
      while (i + 1 < command.length && command[i + 1] !== '\n') i++;
    } else if (';&|\n()'.includes(c)) {
      endWord();
      commands.push([]);
    } else if ((c === '<' || c === '>') && /^\d*$/.test(word)) {
      // A redirection (`> file`, `2>&1`): neither it nor its target is a word of the command.
      word = '';
      name = '';
      while (i + 1 < command.length && '<>&'.includes(command[i + 1]!)) i++;
      while (i + 1 < command.length && command[i + 1] === ' ') i++;
      i = skipWord(command, i + 1) - 1;
    } else {
      word += c;
      name += c;
    }
  }
  endWord();
  return commands.filter((c) => c.length > 0);
}

/** The index just past the shell word starting at `start` (quotes kept together). */
function skipWord(command: string, start: number): number {
  let i = start;
  let quote: string | null = null;
  for (; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\') i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i++;
    else if (/[\s;&|()]/.test(c)) break;
  }
  return i;
}

/** Stands for a command substitution, whose own words are not the command's. */
const SUBSTITUTION = '\u0001';

/** `command` with every `$( … )` and `` `…` `` (outside single quotes) replaced by SUBSTITUTION. */
function maskSubstitutions(command: string): string {
  let out = '';
  let single = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i]!;
    if (single) {
      out += c;
      if (c === "'") single = false;
    } else if (c === '\\') {
      out += c + (command[i + 1] ?? '');
      i++;
    } else if (c === "'" && !insideDouble(out)) {
      single = true;
      out += c;
    } else if (c === '$' && command[i + 1] === '(') {
      i = closingParen(command, i + 2);
      out += SUBSTITUTION;
    } else if (c === '`') {
      const end = command.indexOf('`', i + 1);
      i = end < 0 ? command.length : end;
      out += SUBSTITUTION;
    } else out += c;
  }
  return out;
}

/** Whether `text` ends inside an open double quote (single-quoted parts and escapes skipped). */
function insideDouble(text: string): boolean {
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '\\') i++;
    else if (c === '"') double = !double;
    else if (c === "'" && !double) {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return false;
      i = end;
    }
  }
  return double;
}

/** The index of the `)` closing the substitution whose text starts at `start` (quotes and nesting respected). */
function closingParen(command: string, start: number): number {
  let depth = 1;
  let quote: string | null = null;
  for (let i = start; i < command.length; i++) {
    const c = command[i]!;
    if (quote) {
      if (c === quote) quote = null;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === '\\') i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === '$' && command[i + 1] === '(') {
      i = closingParen(command, i + 2);
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return command.length;
}
