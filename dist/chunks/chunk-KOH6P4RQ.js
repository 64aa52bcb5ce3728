import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  measurementChanges
} from "./chunk-THJ3K27E.js";
import {
  plural
} from "./chunk-BAEF6OTL.js";

// src/gate/base-ruler.ts
var NOT_THE_RULER = /* @__PURE__ */ new Set(["trials", "watch", "agent.files"]);
var NOT_THE_TASKS_RULER = /* @__PURE__ */ new Set(["watch", "agent.files"]);
var OneRuler = class {
  ruler;
  /** The isolation the first run's trials actually ran with. */
  isolation;
  first = true;
  /** Which runs or tasks were left out, and why. */
  notes = [];
  /** `run` as pooled: whole, with the tasks measured otherwise emptied (`not_rerun`), or undefined when left out whole. */
  admit(run) {
    if (this.first) {
      [this.first, this.ruler, this.isolation] = [false, run.measurement, run.run.isolation];
      return run;
    }
    const ruler = this.ruler;
    if (!ruler) return run;
    const own = run.measurement;
    const label = runLabel(run);
    if (!own) {
      this.notes.push(`Baseline ${label} not pooled: it recorded no ruler (its results.json has no measurement) to hold against the newest base run's.`);
      return void 0;
    }
    const [was, is] = [run.run.isolation, this.isolation];
    if (is && was?.mechanism !== is.mechanism) {
      const how = was ? was.mechanism === "none" ? `unisolated (${was.reason ?? "no reason recorded"})` : `in ${was.mechanism}` : "with no isolation recorded";
      const newest = is.mechanism === "none" ? "unisolated" : `in ${is.mechanism}`;
      this.notes.push(`Baseline ${label} not pooled: its trials ran ${how}, the newest base run's ${newest}.`);
      return void 0;
    }
    const unrecorded = Object.keys(ruler).filter((field) => !(field in own));
    const differs = [...measurementChanges(own, ruler).map((c) => c.what), ...unrecorded];
    const runWide = differs.filter((field) => !field.startsWith("tasks.") && !NOT_THE_RULER.has(field));
    if (runWide.length) {
      this.notes.push(`Baseline ${label} not pooled: it was measured with another ruler than the newest base run (${runWide.join(", ")}).`);
      return void 0;
    }
    const tasks = tasksMeasuredOtherwise(run, differs);
    if (tasks.size === 0) return run;
    const left = run.tasks.filter((task) => !tasks.has(task.id) && task.not_rerun === void 0);
    const fields = [...new Set([...tasks.values()].flat())].join(", ");
    if (left.length === 0) {
      this.notes.push(`Baseline ${label} not pooled: its tasks were measured with another ruler than the newest base run (${fields}).`);
      return void 0;
    }
    this.notes.push(
      `Baseline ${label}: ${plural(tasks.size, "task")} (${[...tasks.keys()].join(", ")}) not pooled: measured with another ruler than the newest base run (${fields}).`
    );
    const why = "measured with another ruler than the newest base run: not pooled";
    return { ...run, tasks: run.tasks.map((task) => tasks.has(task.id) ? { ...task, trials: [], not_rerun: why } : task) };
  }
};
function underOneRuler(bases) {
  const ruler = new OneRuler();
  const kept = bases.flatMap((base) => {
    const results = ruler.admit(base.results);
    return results ? [results === base.results ? base : { ...base, results }] : [];
  });
  return { bases: kept, notes: ruler.notes };
}
function tasksMeasuredOtherwise(run, differs) {
  const ids = run.tasks.map((task) => task.id).sort((a, b) => b.length - a.length);
  const out = /* @__PURE__ */ new Map();
  for (const field of differs) {
    const id = ids.find((candidate) => field.startsWith(`tasks.${candidate}.`));
    if (id === void 0 || NOT_THE_TASKS_RULER.has(field.slice(`tasks.${id}.`.length))) continue;
    out.set(id, [...out.get(id) ?? [], field]);
  }
  return out;
}
function runLabel(run) {
  const { git_sha, started_at } = run.run;
  return git_sha ? `${git_sha.slice(0, 7)} (${started_at})` : `of ${started_at}`;
}

export {
  OneRuler,
  underOneRuler
};
