import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// src/util/command-paths.ts
import { isAbsolute, resolve } from "node:path";
var SCRIPT = /\.(mjs|cjs|js|ts|py|sh|rb|pl)$/;
function namedPaths(command, env, cwd) {
  return namedFiles(command, env).map((t) => resolve(cwd, t));
}
function namedFiles(command, env) {
  const expanded = command.replace(/\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?/g, (whole, name) => env[name] ?? whole);
  const tokens = [...expanded.matchAll(/(?:^|[\s"'=])([^\s"'`;|&<>()$=]+)/g)].filter((m) => !glued(expanded, m.index + m[0].length - m[1].length) && !redirected(expanded, m.index + m[0].length - m[1].length)).flatMap((m) => m[1].includes("://") ? [] : m[1].split(":")).filter(Boolean);
  return tokens.filter((t) => !t.startsWith("-") && !/[*?[]/.test(t) && (isAbsolute(t) || t.includes("/") && SCRIPT.test(t) || SCRIPT.test(t)));
}
function redirected(command, start) {
  return /(^|[^<])>\s*["']?$/.test(command.slice(0, start));
}
function glued(command, start) {
  const before = command[start - 1];
  if (before !== '"' && before !== "'") return false;
  const quotes = [...command.slice(0, start - 1)].filter((c) => c === before).length;
  return quotes % 2 === 1;
}
var PREFIXES = /* @__PURE__ */ new Set(["exec", "command", "time", "nohup", "env", "nice", "!", "then", "else", "elif", "do", "if", "while", "until", "{", "("]);
var NOT_PROGRAMS = /* @__PURE__ */ new Set(["for", "case", "function", "fi", "done", "esac", "}", ")"]);
function commandPrograms(command) {
  const out = [];
  for (const words of simpleCommands(command)) {
    let i = 0;
    while (i < words.length && (PREFIXES.has(words[i].name) || /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i].word) || words[i - 1]?.name === "env" && words[i].name.startsWith("-")))
      i++;
    const program = words[i];
    if (!program || NOT_PROGRAMS.has(program.name) || program.word.includes(SUBSTITUTION) || program.name === "") continue;
    if (!out.some((p) => p.word === program.word)) out.push(program);
  }
  return out;
}
function simpleCommands(text) {
  const command = maskSubstitutions(text);
  const commands = [[]];
  let word = "";
  let name = "";
  let quote = null;
  const endWord = () => {
    if (word) commands[commands.length - 1].push({ word, name });
    word = "";
    name = "";
  };
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      word += c;
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"' && i + 1 < command.length) {
        word += command[++i];
        name += command[i];
      } else name += c;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      word += c;
    } else if (c === "\\" && i + 1 < command.length) {
      word += c + command[i + 1];
      name += command[++i];
    } else if (/\s/.test(c) && c !== "\n") {
      endWord();
    } else if (c === "#" && word === "") {
      while (i + 1 < command.length && command[i + 1] !== "\n") i++;
    } else if (";&|\n()".includes(c)) {
      endWord();
      commands.push([]);
    } else if ((c === "<" || c === ">") && /^\d*$/.test(word)) {
      word = "";
      name = "";
      while (i + 1 < command.length && "<>&".includes(command[i + 1])) i++;
      while (i + 1 < command.length && command[i + 1] === " ") i++;
      i = skipWord(command, i + 1) - 1;
    } else {
      word += c;
      name += c;
    }
  }
  endWord();
  return commands.filter((c) => c.length > 0);
}
function skipWord(command, start) {
  let i = start;
  let quote = null;
  for (; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\") i++;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "\\") i++;
    else if (/[\s;&|()]/.test(c)) break;
  }
  return i;
}
var SUBSTITUTION = "";
function maskSubstitutions(command) {
  let out = "";
  let single = false;
  for (let i = 0; i < command.length; i++) {
    const c = command[i];
    if (single) {
      out += c;
      if (c === "'") single = false;
    } else if (c === "\\") {
      out += c + (command[i + 1] ?? "");
      i++;
    } else if (c === "'" && !insideDouble(out)) {
      single = true;
      out += c;
    } else if (c === "$" && command[i + 1] === "(") {
      i = closingParen(command, i + 2);
      out += SUBSTITUTION;
    } else if (c === "`") {
      const end = command.indexOf("`", i + 1);
      i = end < 0 ? command.length : end;
      out += SUBSTITUTION;
    } else out += c;
  }
  return out;
}
function insideDouble(text) {
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') double = !double;
    else if (c === "'" && !double) {
      const end = text.indexOf("'", i + 1);
      if (end < 0) return false;
      i = end;
    }
  }
  return double;
}
function closingParen(command, start) {
  let depth = 1;
  let quote = null;
  for (let i = start; i < command.length; i++) {
    const c = command[i];
    if (quote) {
      if (c === quote) quote = null;
      else if (c === "\\" && quote === '"') i++;
    } else if (c === "\\") i++;
    else if (c === '"' || c === "'") quote = c;
    else if (c === "$" && command[i + 1] === "(") {
      i = closingParen(command, i + 2);
    } else if (c === "(") depth++;
    else if (c === ")" && --depth === 0) return i;
  }
  return command.length;
}

export {
  SCRIPT,
  namedPaths,
  namedFiles,
  commandPrograms
};
