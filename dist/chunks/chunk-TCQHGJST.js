import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  kindOf
} from "./chunk-V3BF3RGP.js";
import {
  loadFixture,
  mustBeInside
} from "./chunk-GIWHJF3W.js";
import {
  readTrialSetFile
} from "./chunk-FVLX3TVP.js";
import {
  matchFiles
} from "./chunk-SVMKXPE7.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";

// src/trial/trialset.ts
import { stat as stat2 } from "node:fs/promises";
import { dirname, isAbsolute, join, relative as relative2, resolve as resolve2, sep as sep2 } from "node:path";

// src/semantic/config.ts
import { stat } from "node:fs/promises";
import { relative, resolve, sep } from "node:path";
async function checkJudgeConfig(file, dir, config, agentFiles) {
  for (const [i, task] of config.tasks.entries()) {
    if (!task.judge) continue;
    if (!config.judge) throw new UserInputError(file, `tasks[${i}].judge`, "judge items need the top-level judge (its endpoint): add judge: { model: \u2026, base_url: \u2026 } (docs/model-judge.md)");
    const ids = /* @__PURE__ */ new Set();
    for (const [j, item] of task.judge.items.entries()) {
      if (ids.has(item.id)) throw new UserInputError(file, `tasks[${i}].judge.items[${j}].id`, `item id ${item.id} is used twice in task ${task.id}; each item is one check, judge:<id>`);
      ids.add(item.id);
    }
    if (task.judge.labels !== void 0) {
      const labels = inside(file, dir, task.judge.labels, `tasks[${i}].judge.labels`);
      if (!(await stat(labels).catch(() => null))?.isDirectory()) {
        throw new UserInputError(file, `tasks[${i}].judge.labels`, `${task.judge.labels} is not a directory; it holds labels.json and samples/ (docs/model-judge.md)`);
      }
      refuseShown(file, dir, labels, `tasks[${i}].judge.labels`, agentFiles);
    }
  }
  if (config.judge) refuseShown(file, dir, inside(file, dir, config.judge.calibration, "judge.calibration"), "judge.calibration", agentFiles);
}
function judgeSecrets(judge, env = process.env) {
  const name = judge?.api_key_env;
  return name && env[name] ? [env[name]] : [];
}
function inside(file, dir, path, field) {
  const abs = resolve(dir, path);
  if (abs !== dir && !abs.startsWith(dir + sep)) throw new UserInputError(file, field, `${path} lies outside the project; keep it inside ${dir}`);
  return abs;
}
function refuseShown(file, dir, path, field, agentFiles) {
  const shown = agentFiles.find((f) => f === path || f.startsWith(path + sep) || path.startsWith(f + sep));
  if (shown) throw new UserInputError(file, field, `${relative(dir, path)} would be shown to the agent through ${relative(dir, shown)} (the judge's labels are its answer key); keep it out of watch and agent.files`);
}

// src/trial/trialset.ts
async function loadTrialSet(path) {
  const { file, dir, config, sha256 } = await readTrialSetFile(path);
  const tasks = [];
  for (const [i, spec] of config.tasks.entries()) {
    const fixture = await loadFixture(resolve2(dir, spec.fixture), dir).catch((e) => {
      if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].fixture`, `${spec.fixture}: ${e.message}`);
      throw e;
    });
    const acceptance = spec.acceptance ?? fixture.manifest.acceptance ?? { kind: "http-cases", timeout_seconds: 120 };
    const kind = kindOf(acceptance);
    try {
      kind.checkFixture(fixture, acceptance);
    } catch (e) {
      if (e instanceof UserInputError) throw new UserInputError(file, `tasks[${i}].acceptance`, `${acceptance.kind}: ${e.message}`);
      throw e;
    }
    if (acceptance.kind === "tools" && config.agent.network === "none") {
      throw new UserInputError(file, "agent.network", `task ${spec.id} acts through tools on a local proxy: its agent needs the network (network: full)`);
    }
    tasks.push({ spec, fixture, acceptance, kind, faults: faultLabels(file, i, spec, fixture) });
  }
  await mustBeInside(dir, resolve2(dir, config.repairs), file, "repairs");
  const shown = await resolveAgentFiles(file, dir, config);
  await refuseExposure(file, dir, shown, tasks);
  await checkJudgeConfig(file, dir, config, shown.map((s) => s.path));
  return { file, dir, config, sha256, tasks, agentFiles: [...new Set(shown.map((s) => s.path))].sort() };
}
function faultLabels(file, i, spec, fixture) {
  const known = fixture.manifest.faults;
  if (!spec.faults) return Object.fromEntries(Object.entries(known).map(([id, f]) => [id, f.label]));
  for (const id of Object.keys(spec.faults)) {
    if (!known[id]) {
      throw new UserInputError(file, `tasks[${i}].faults.${id}`, `the fixture ${relative2(dirname(file), fixture.dir)} has no fault ${id}; known: ${Object.keys(known).join(", ")}`);
    }
  }
  return spec.faults;
}
async function resolveAgentFiles(file, dir, config) {
  for (const [i, glob] of config.watch.entries()) {
    if (isAbsolute(glob) || glob.split("/").includes("..")) throw new UserInputError(file, `watch[${i}]`, `${glob}: globs are relative to the project and stay inside it`);
  }
  const watched = (await matchFiles(dir, config.watch)).map((f) => ({ path: join(dir, f), field: "watch" }));
  for (const { path } of watched) await mustBeInside(dir, path, file, "watch");
  const declared = [];
  for (const [i, entry] of config.agent.files.entries()) {
    const path = resolve2(dir, entry);
    await mustBeInside(dir, path, file, `agent.files[${i}]`);
    if (!await stat2(path).catch(() => null)) throw new UserInputError(file, `agent.files[${i}]`, `${entry} does not exist in the project`);
    declared.push({ path, field: `agent.files[${i}]` });
  }
  return [...declared, ...watched];
}
async function refuseExposure(file, dir, shown, tasks) {
  for (const task of tasks) {
    const { manifest } = task.fixture;
    const hidden = /* @__PURE__ */ new Set();
    for (const f of Object.keys(task.fixture.protectedFiles)) if (!f.startsWith("inputs/") && f !== "task.txt") hidden.add(resolve2(task.fixture.dir, f));
    for (const f of await matchFiles(task.fixture.dir, [...manifest.service.files, `${manifest.reference}/**`, "fixture.json"])) hidden.add(resolve2(task.fixture.dir, f));
    for (const { path, field } of shown) {
      const exposed = [...hidden].find((h) => h === path || h.startsWith(path + sep2));
      if (exposed) {
        throw new UserInputError(file, field, `${relative2(dir, path) || "."} would show the agent ${relative2(dir, exposed)} (task ${task.spec.id}'s reference answers, service or manifest); name only the agent's own files`);
      }
    }
  }
}

export {
  judgeSecrets,
  loadTrialSet
};
