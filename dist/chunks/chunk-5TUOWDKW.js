import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  namedFiles
} from "./chunk-N2ZZ3NAW.js";
import {
  onHost
} from "./chunk-AJNZHUO4.js";
import {
  listEntries,
  matchFiles
} from "./chunk-EYKO5LXT.js";

// src/trial/dependencies.ts
import { lstat, readFile, realpath } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
async function trialSetDependencies(set, repo, isolated = true) {
  const { config, dir } = set;
  const inRepo = (path) => {
    const rel = relative(repo, resolve(dir, path)).split(sep).join("/");
    return rel.startsWith("..") || isAbsolute(rel) ? void 0 : rel;
  };
  const pathOf = (path, what) => {
    const rel = inRepo(path);
    if (rel === void 0) return [];
    return rel === "" ? [{ glob: "**", what }] : [
      { glob: rel, what },
      { glob: `${rel}/**`, what }
    ];
  };
  const globOf = (glob, what) => {
    const base = inRepo(".");
    return base === void 0 ? [] : [{ glob: base ? `${base}/${glob}` : glob, what }];
  };
  const scriptFiles = (command, env) => namedFiles(command, { ...env, TRIALGATE_PROJECT: dir }).filter((file) => isAbsolute(file) || file.includes("/"));
  const scripts = (command, env, what) => scriptFiles(command, env).flatMap((file) => pathOf(file, what).slice(0, 1));
  const realRepo = await realpath(repo).catch(() => repo);
  const followed = async (paths, what) => (await linkTargets(paths.map((p) => resolve(dir, p)))).flatMap((target) => pathOf(join(repo, relative(realRepo, target)), `${what} (through a link)`));
  const watchedFiles = async (globs) => await matchFiles(dir, globs).catch(() => []);
  const leadsTo = async (paths, what) => {
    const out = [];
    for (const path of paths) {
      const target = await realpath(resolve(dir, path)).catch(() => null);
      if (target === null) continue;
      const real = relative(realRepo, target);
      if (real !== relative(repo, resolve(dir, path))) out.push(...pathOf(join(repo, real), `${what} (through a link)`));
    }
    return out;
  };
  const realConfig = await realpath(set.file).catch(() => null);
  const configTarget = realConfig === null ? void 0 : inRepo(join(repo, relative(realRepo, realConfig)));
  const shared = [
    ...configTarget !== void 0 && configTarget !== inRepo(set.file) ? [{ glob: configTarget, what: "the trial-set file (where its link leads)" }] : [],
    ...isolated ? [] : [
      {
        glob: "**",
        what: `agent.isolation ${config.agent.isolation === "none" ? "is none" : "is auto and this machine cannot isolate"}: the agent may read any file`
      }
    ],
    ...config.watch.flatMap((glob) => globOf(glob, "watch")),
    ...await followed(await watchedFiles(config.watch), "watch"),
    ...config.agent.files.flatMap((path) => pathOf(path, "agent.files")),
    ...await followed(config.agent.files, "agent.files"),
    ...installedAgentFiles(config.agent.files, "agent.files", pathOf),
    ...scripts(config.agent.command, config.agent.env, "agent.command"),
    ...config.judge ? [
      ...pathOf(config.judge.calibration, "judge.calibration"),
      // The judge's program decides what its items answer; the measurement records only its command line.
      ...config.judge.command ? measuring([
        ...programOf(scripts(config.judge.command, {}, "judge.command"), inRepo(".")),
        // A script that is a link: the program is where it leads (and the code beside that).
        ...programOf(
          (await followed(scriptFiles(config.judge.command, {}), "judge.command")).filter((d) => !d.glob.endsWith("/**")),
          inRepo(".")
        )
      ]) : []
    ] : []
  ];
  const tasks = [];
  for (const [i, spec] of config.tasks.entries()) {
    const at = `tasks[${i}]`;
    const own = [
      ...spec.watch.flatMap((glob) => globOf(glob, `${at}.watch`)),
      ...await followed(await watchedFiles(spec.watch), `${at}.watch`),
      ...(spec.agent?.files ?? []).flatMap((path) => pathOf(path, `${at}.agent.files`)),
      ...await followed(spec.agent?.files ?? [], `${at}.agent.files`),
      ...installedAgentFiles(spec.agent?.files ?? [], `${at}.agent.files`, pathOf),
      ...await followed([spec.fixture], `${at}.fixture`),
      ...spec.agent?.command ? scripts(spec.agent.command, { ...config.agent.env, ...spec.agent.env }, `${at}.agent.command`) : [],
      ...spec.judge?.labels ? pathOf(spec.judge.labels, `${at}.judge.labels`) : [],
      ...pathOf(join(config.repairs, spec.id), `${config.repairs}/${spec.id} (its committed repairs)`),
      ...await fixtureDependencies(dir, spec.fixture, `${at}.fixture`, pathOf, leadsTo)
    ];
    tasks.push({ id: spec.id, own });
  }
  return { config: inRepo(set.file) ?? set.file, shared, tasks };
}
async function linkTargets(paths) {
  const targets = /* @__PURE__ */ new Set();
  const follow = async (path) => {
    const target = await realpath(path).catch(() => null);
    if (target && target !== path) targets.add(target);
  };
  for (const path of paths) {
    const info = await lstat(path).catch(() => null);
    if (!info) continue;
    if (info.isSymbolicLink()) {
      await follow(path);
      continue;
    }
    if (!info.isDirectory()) continue;
    for (const entry of await listEntries(path).catch(() => [])) if (entry.kind === "link") await follow(join(path, entry.path));
  }
  return [...targets];
}
async function fixtureDependencies(dir, fixture, what, pathOf, leadsTo) {
  const own = pathOf(fixture, what);
  let manifest;
  try {
    manifest = JSON.parse(await readFile(join(resolve(dir, fixture), "fixture.json"), "utf8"));
  } catch {
    return [{ glob: "**", what: `${what} (its fixture.json cannot be read)` }];
  }
  const [include, readable] = [manifest.include, manifest.readable].map((paths) => Array.isArray(paths) ? paths : []);
  if ([...include, ...readable].some((p) => typeof p !== "string"))
    return [{ glob: "**", what: `${what} (its fixture.json lists a path that is not a string)` }];
  const outside = (paths, how) => paths.filter((p) => !onHost(p)).flatMap((p) => pathOf(join(fixture, p), `${what} (${how})`));
  const installed = readable.filter((p) => !onHost(p)).flatMap((p) => installedFrom(join(fixture, p), `${what} (what a readable directory of its fixture is installed from, in no hash)`, pathOf));
  const linked = await leadsTo(
    readable.filter((p) => !onHost(p)).map((p) => join(fixture, p)),
    `${what} (a readable directory of its fixture, in no hash)`
  );
  return [
    ...own,
    ...outside(include, "included by its fixture"),
    ...measuring([...outside(readable, "a readable directory of its fixture, in no hash"), ...installed, ...linked])
  ];
}
var INSTALLED_DIRS = /* @__PURE__ */ new Set(["node_modules", ".venv", "venv", "vendor", ".bundle"]);
function installedAgentFiles(files, what, pathOf) {
  return files.filter((p) => !isAbsolute(p) && INSTALLED_DIRS.has(p.replace(/\/+$/, "").split("/").pop())).flatMap((p) => installedFrom(p, `${what} (what ${p} is installed from)`, pathOf));
}
function installedFrom(dir, what, pathOf) {
  return INSTALLED_FROM.flatMap((name) => pathOf(join(dir, "..", name), what).slice(0, 1));
}
var INSTALLED_FROM = [
  "package.json",
  "package-lock.json",
  "npm-shrinkwrap.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "bun.lock",
  "bun.lockb",
  ".npmrc",
  "requirements*.txt",
  "constraints*.txt",
  "pyproject.toml",
  "poetry.lock",
  "uv.lock",
  "Pipfile",
  "Pipfile.lock",
  "setup.py",
  "setup.cfg",
  "pom.xml",
  "build.gradle",
  "build.gradle.kts",
  "gradle.lockfile",
  "go.mod",
  "go.sum",
  "Gemfile",
  "Gemfile.lock",
  "Cargo.toml",
  "Cargo.lock"
];
var PROGRAM_FILES = "{mjs,cjs,js,mts,cts,ts,py,sh,rb,pl}";
function programOf(scripts, dir) {
  return scripts.flatMap((script) => {
    const at = script.glob.lastIndexOf("/");
    const parent = at < 0 ? "" : script.glob.slice(0, at);
    return parent === "" || parent === dir ? [script] : [script, { glob: `${parent}/**/*.${PROGRAM_FILES}`, what: `${script.what} (code beside its script)` }];
  });
}
function measuring(deps) {
  return deps.map((d) => ({ ...d, measures: true }));
}

export {
  trialSetDependencies
};
