import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  defaultAcceptance,
  kindOf
} from "./chunk-TE7J7CZT.js";
import {
  readTrialSetFile
} from "./chunk-TX4XMRFF.js";
import {
  loadFixture,
  mustBeInside,
  sectionPaths
} from "./chunk-AJNZHUO4.js";
import {
  linkTarget,
  linksMatching,
  listEntries,
  matchFiles,
  sha256
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";

// src/trial/trialset.ts
import { readFile as readFile2, stat as stat3 } from "node:fs/promises";
import { dirname, isAbsolute, join as join2, relative as relative3, resolve as resolve3 } from "node:path";

// src/semantic/config.ts
import { stat } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
async function checkJudgeConfig(file, dir, config, agentFiles) {
  for (const [i, task] of config.tasks.entries()) {
    if (!task.judge) continue;
    if (!config.judge)
      throw new UserInputError(
        file,
        `tasks[${i}].judge`,
        "judge items need the top-level judge (its endpoint): add judge: { model: \u2026, base_url: \u2026 } (docs/model-judge.md)"
      );
    const ids = /* @__PURE__ */ new Set();
    for (const [j, item] of task.judge.items.entries()) {
      if (ids.has(item.id))
        throw new UserInputError(
          file,
          `tasks[${i}].judge.items[${j}].id`,
          `item id ${item.id} is used twice in task ${task.id}; each item is one check, judge:<id>`
        );
      ids.add(item.id);
    }
    if (task.judge.labels !== void 0) {
      const labels = inside(file, dir, task.judge.labels, `tasks[${i}].judge.labels`);
      if (!(await stat(labels).catch(() => null))?.isDirectory()) {
        throw new UserInputError(
          file,
          `tasks[${i}].judge.labels`,
          `${task.judge.labels} is not a directory; it holds labels.json and samples/ (docs/model-judge.md)`
        );
      }
      refuseShown(file, dir, labels, `tasks[${i}].judge.labels`, agentFiles);
    }
  }
  if (config.judge) refuseShown(file, dir, inside(file, dir, config.judge.calibration, "judge.calibration"), "judge.calibration", agentFiles);
}
function inside(file, dir, path, field) {
  const abs = resolve(dir, path);
  if (abs !== dir && !abs.startsWith(dir + sep)) throw new UserInputError(file, field, `${path} lies outside the project; keep it inside ${dir}`);
  return abs;
}
function refuseShown(file, dir, path, field, agentFiles) {
  const shown = agentFiles.find((f) => f === path || f.startsWith(path + sep) || path.startsWith(f + sep));
  if (shown)
    throw new UserInputError(
      file,
      field,
      `${relative(dir, path)} would be shown to the agent through ${relative(dir, shown)} (the judge's labels are its answer key); keep it out of watch and agent.files`
    );
}

// src/trial/exposure.ts
import { createHash } from "node:crypto";
import { readFile, realpath, stat as stat2 } from "node:fs/promises";
import { join, relative as relative2, resolve as resolve2, sep as sep2 } from "node:path";
var MIN_COPY_BYTES = 24;
async function refuseExposure(file, dir, shown, fixtures) {
  const hidden = await hiddenPaths(fixtures);
  const bySize = await hiddenBySize(fixtures);
  const refuse = (field, what, task, exposed) => new UserInputError(
    file,
    field,
    `${what} would show the agent ${relative2(dir, exposed) || exposed} (a protected file of task ${task}, which no agent may see: its hidden tests, solutions, reference answers, service or manifest); name only the agent's own files`
  );
  for (const { path, field } of shown) {
    const shownAs = relative2(dir, path) || ".";
    const real = await realpath(path).catch(() => path);
    const direct = covering(real, hidden);
    if (direct) throw refuse(field, real === path ? shownAs : `${shownAs} (a link to ${relative2(dir, real) || real})`, direct.task, direct.path);
    const info = await stat2(real).catch(() => null);
    const entries = info?.isDirectory() ? await listEntries(real) : info?.isFile() ? [{ path: "", kind: "file", size: info.size }] : [];
    for (const entry of entries) {
      const inside2 = entry.path ? join(real, entry.path) : real;
      const named = entry.path ? `${shownAs}/${entry.path}` : shownAs;
      if (entry.kind === "link") {
        const target = await realpath(inside2).catch(() => null);
        const reached = target ? covering(target, hidden) : null;
        if (reached) throw refuse(field, `${named} (a link to ${relative2(dir, target) || target})`, reached.task, reached.path);
        continue;
      }
      if (entry.kind !== "file" || entry.size < MIN_COPY_BYTES) continue;
      const same = bySize.get(entry.size);
      if (!same) continue;
      const digest = createHash("sha256").update(await readFile(inside2)).digest("hex");
      const copied = same.find((h) => h.sha256 === digest);
      if (copied) throw refuse(field, `${named} (a copy of it, byte for byte)`, copied.task, copied.path);
    }
  }
}
async function hiddenPaths(fixtures) {
  const out = [];
  for (const f of fixtures) for (const { path } of f.files) out.push({ path: await realpath(path).catch(() => resolve2(path)), task: f.task });
  return out;
}
async function hiddenBySize(fixtures) {
  const out = /* @__PURE__ */ new Map();
  for (const f of fixtures)
    for (const h of f.files) {
      const size = (await stat2(h.path).catch(() => null))?.size;
      if (size === void 0 || size < MIN_COPY_BYTES) continue;
      out.set(size, [...out.get(size) ?? [], { ...h, task: f.task }]);
    }
  return out;
}
function covering(path, hidden) {
  return hidden.find((h) => h.path === path || h.path.startsWith(path + sep2)) ?? null;
}

// src/trial/trialset.ts
async function loadTrialSet(path) {
  const { file, dir, config, sha256: sha2562 } = await readTrialSetFile(path);
  const loaded = [];
  for (const [i, spec] of config.tasks.entries()) loaded.push(await resolveTask(file, dir, spec, i));
  const shared = await resolveShown(file, dir, { watch: config.watch, files: config.agent.files }, "");
  const shown = [...shared];
  const tasks = [];
  for (const [i, task] of loaded.entries()) {
    const own = await resolveShown(file, dir, { watch: task.spec.watch, files: task.spec.agent?.files ?? [] }, `tasks[${i}].`);
    shown.push(...own);
    tasks.push({
      ...task,
      agent: agentOf(
        config,
        task.spec,
        [...shared, ...own].map((s) => s.path)
      )
    });
  }
  await mustBeInside(dir, resolve3(dir, config.repairs), file, "repairs");
  await refuseExposure(file, dir, shown, await protectedOf(tasks));
  await checkJudgeConfig(file, dir, config, [...new Set(shown.map((s) => s.path))]);
  return { file, dir, config, sha256: sha2562, tasks };
}
async function resolveTask(file, dir, spec, i) {
  const fixture = await loadFixture(resolve3(dir, spec.fixture), dir).catch((e) => {
    if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].fixture`, `${spec.fixture}: ${e.message}`);
    throw e;
  });
  const kind = kindOf(spec.acceptance ?? defaultAcceptance(fixture));
  try {
    kind.checkFixture(fixture);
  } catch (e) {
    if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].acceptance`, `${kind.name}: ${e.message}`);
    throw e;
  }
  return { spec, fixture, kind, faults: faultLabels(file, i, spec, fixture) };
}
function agentOf(config, spec, shown) {
  return {
    command: spec.agent?.command ?? config.agent.command,
    env: { ...config.agent.env, ...spec.agent?.env },
    passEnv: [.../* @__PURE__ */ new Set([...config.agent.pass_env, ...spec.agent?.pass_env ?? []])],
    files: [...new Set(shown)].sort(),
    watch: [...config.watch, ...spec.watch]
  };
}
function faultLabels(file, i, spec, fixture) {
  const known = fixture.manifest.faults;
  if (!spec.faults) return Object.fromEntries(Object.entries(known).map(([id, f]) => [id, f.label]));
  for (const id of Object.keys(spec.faults)) {
    if (!known[id]) {
      throw new UserInputError(
        file,
        `tasks[${i}].faults.${id}`,
        `the fixture ${relative3(dirname(file), fixture.dir)} has no fault ${id}; known: ${Object.keys(known).join(", ")}`
      );
    }
  }
  return spec.faults;
}
async function sharedAgentFiles(set) {
  return (await resolveShown(set.file, set.dir, { watch: set.config.watch, files: set.config.agent.files }, "")).map((s) => s.path);
}
async function resolveShown(file, dir, declared, at) {
  for (const [i, glob] of declared.watch.entries()) {
    if (isAbsolute(glob) || glob.split("/").includes(".."))
      throw new UserInputError(file, `${at}watch[${i}]`, `${glob}: globs are relative to the project and stay inside it`);
  }
  const linked = linksMatching(dir, declared.watch);
  if (linked.length)
    throw new UserInputError(
      file,
      `${at}watch`,
      `${linked[0]} is a symbolic link (to ${linkTarget(join2(dir, linked[0]))}): a watched file is hashed as the version under test, and a link's change of target would not show; watch the file it points to instead`
    );
  for (const [i, glob] of declared.watch.entries()) {
    if ((await matchFiles(dir, [glob])).length === 0)
      throw new UserInputError(
        file,
        `${at}watch[${i}]`,
        `${glob} matches no file in the project: the watched files are the version under test; fix the path (relative to the trial set's directory), or remove the entry`
      );
  }
  const watched = (await matchFiles(dir, declared.watch)).map((f) => ({ path: join2(dir, f), field: `${at}watch` }));
  for (const { path } of watched) await mustBeInside(dir, path, file, `${at}watch`);
  const files = [];
  for (const [i, entry] of declared.files.entries()) {
    const field = `${at}agent.files[${i}]`;
    const path = resolve3(dir, entry);
    await mustBeInside(dir, path, file, field);
    if (!await stat3(path).catch(() => null)) throw new UserInputError(file, field, `${entry} does not exist in the project`);
    files.push({ path, field });
  }
  return [...files, ...watched];
}
async function protectedOf(tasks) {
  const out = [];
  for (const task of tasks) {
    const { manifest, dir, protectedFiles } = task.fixture;
    const givenDirs = sectionPaths(manifest).given;
    const given = (f) => f.startsWith("inputs/") || f === "task.txt" || givenDirs.some((g) => f.startsWith(`${g}/`));
    const files = new Map(Object.entries(protectedFiles).filter(([f]) => !given(f)));
    for (const f of await matchFiles(dir, [...manifest.service?.files ?? [], `${manifest.reference}/**`, "fixture.json"]))
      if (!files.has(f)) files.set(f, sha256(await readFile2(resolve3(dir, f))));
    out.push({ task: task.spec.id, files: [...files].map(([f, digest]) => ({ path: resolve3(dir, f), sha256: digest })) });
  }
  return out;
}

export {
  loadTrialSet,
  resolveTask,
  agentOf,
  sharedAgentFiles
};
