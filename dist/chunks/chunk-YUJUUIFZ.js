import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  require_dist
} from "./chunk-AJNZHUO4.js";
import {
  matchFiles,
  require_picomatch
} from "./chunk-EYKO5LXT.js";
import {
  __toESM
} from "./chunk-HZGLYA5U.js";

// src/gate/scope.ts
var import_picomatch = __toESM(require_picomatch(), 1);
function everyTask(deps, why, found = { matched: [], configChanged: false, measuring: [] }) {
  const { matched, configChanged, measuring, unlisted } = found;
  return { tasks: deps.tasks.map((t) => ({ id: t.id, rerun: true, why })), matched, configChanged, measuring, ...unlisted ? { unlisted } : {} };
}
function changeScope(changed, deps) {
  const paths = [...new Set(changed.map(normalize))];
  const config = normalize(deps.config);
  const measuring = measuringPaths(paths, deps);
  if (paths.includes(config)) return everyTask(deps, `the trial-set file ${config} changed`, { matched: [config], configChanged: true, measuring });
  const matched = /* @__PURE__ */ new Set();
  const firstMatch = (list) => {
    let found;
    for (const dep of list) {
      const isMatch = (0, import_picomatch.default)(dep.glob, { dot: true });
      for (const path of paths) {
        if (!isMatch(path)) continue;
        matched.add(path);
        found ??= { path, what: dep.what };
      }
    }
    return found;
  };
  const shared = firstMatch(deps.shared);
  const own = deps.tasks.map((t) => ({ id: t.id, found: firstMatch(t.own) }));
  const sorted = [...matched].sort();
  if (shared) return everyTask(deps, `${shared.path} changed (${shared.what}, which every task shares)`, { matched: sorted, configChanged: false, measuring });
  const unaffected = `none of the ${paths.length} changed file${paths.length === 1 ? "" : "s"} is one this task depends on (the trial set's shared files, its own watch and agent files, its fixture)`;
  return {
    tasks: own.map(({ id, found }) => found ? { id, rerun: true, why: `${found.path} changed (${found.what})` } : { id, rerun: false, why: unaffected }),
    matched: sorted,
    configChanged: false,
    measuring
  };
}
function measuringPaths(paths, deps) {
  const found = /* @__PURE__ */ new Map();
  for (const dep of [...deps.shared, ...deps.tasks.flatMap((t) => t.own)].filter((d) => d.measures)) {
    const isMatch = (0, import_picomatch.default)(dep.glob, { dot: true });
    for (const path of paths) if (!found.has(path) && isMatch(path)) found.set(path, dep.what);
  }
  return [...found].sort(([a], [b]) => a.localeCompare(b)).map(([path, what]) => ({ path, what }));
}
function withGateFiles(deps, files) {
  return { ...deps, shared: [...deps.shared, ...files.map((glob) => ({ glob, what: "a file that runs the gate" }))] };
}
function skipReason(scope) {
  if (scope.tasks.some((t) => t.rerun)) return null;
  return `${scope.tasks[0]?.why ?? "the trial set has no task"} (nothing to rerun)`;
}
function unaffectedTasks(scope) {
  return new Map(scope.tasks.filter((t) => !t.rerun).map((t) => [t.id, t.why]));
}
function normalize(path) {
  return path.replace(/\\/g, "/").replace(/^\.\//, "");
}

// src/gate/pulled-in.ts
var import_picomatch2 = __toESM(require_picomatch(), 1);
var import_yaml = __toESM(require_dist(), 1);
import { readFile, realpath } from "node:fs/promises";
import { isAbsolute, join, posix, relative, sep } from "node:path";
async function filesPulledIn(root, starts, pulled) {
  const found = [];
  const visit = async (file) => {
    if (found.includes(file)) return;
    const text = await readFile(join(root, file), "utf8").catch(() => null);
    const other = text === null ? pulled.otherName?.(file) : void 0;
    if (other !== void 0) return visit(other);
    found.push(file);
    const real = await inRoot(root, file);
    if (real && real !== file && !found.includes(real)) found.push(real);
    if (text === null) return;
    let document;
    try {
      document = (0, import_yaml.parse)(text);
    } catch {
      return;
    }
    for (const path of pulled.from(document)) {
      if (!import_picomatch2.default.scan(path).isGlob) await visit(path);
      else for (const match of await matchFiles(root, [path])) await visit(match);
    }
  };
  for (const start of starts) await visit(posix.normalize(start.replace(/\\/g, "/")).replace(/^\.\//, ""));
  return found;
}
async function inRoot(root, file) {
  const [real, top] = await Promise.all([realpath(join(root, file)).catch(() => null), realpath(root).catch(() => root)]);
  if (!real) return null;
  const rel = relative(top, real);
  return rel.startsWith("..") || isAbsolute(rel) ? null : rel.split(sep).join("/");
}

export {
  everyTask,
  changeScope,
  withGateFiles,
  skipReason,
  unaffectedTasks,
  filesPulledIn
};
