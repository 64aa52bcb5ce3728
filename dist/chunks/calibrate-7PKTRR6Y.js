import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  agreement,
  askRubric,
  gatingOf,
  openJudge,
  promptTemplateSha,
  readEvidence,
  readShown,
  taskGoal
} from "./chunk-ZV2SCNKO.js";
import {
  loadTrialSet
} from "./chunk-BEIMHXS6.js";
import {
  mapPool
} from "./chunk-TE7J7CZT.js";
import {
  readCalibration,
  readLabelledSet,
  sampleDirs
} from "./chunk-LCBCOSNX.js";
import {
  markdownTable
} from "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-N2ZZ3NAW.js";
import {
  CALIBRATION_SCHEMA
} from "./chunk-6FEWE2YT.js";
import {
  secretsOf,
  trialSetSources
} from "./chunk-BAEF6OTL.js";
import "./chunk-AJNZHUO4.js";
import "./chunk-2XP4HRAI.js";
import "./chunk-2XNPRFH2.js";
import {
  displayPath
} from "./chunk-BILKXZIS.js";
import {
  CALIBRATE,
  EXIT,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import "./chunk-OMHBE2A7.js";
import {
  writeNamedFile
} from "./chunk-KKIMH4NN.js";
import "./chunk-EYKO5LXT.js";
import {
  EnvironmentError,
  UserInputError,
  noSuchTask
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/calibrate.ts
import { resolve as resolve2 } from "node:path";

// src/semantic/calibrate.ts
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join, relative, resolve } from "node:path";
async function calibrate(options) {
  const set = options.set;
  const judge = set.judge;
  if (!judge)
    throw new UserInputError(set.file, "judge", "no judge is configured: add judge: { model: \u2026, base_url: \u2026 } and judge items to a task (docs/model-judge.md)");
  for (const id of options.tasks ?? [])
    if (!set.tasks.some((t) => t.id === id))
      throw noSuchTask(
        id,
        set.tasks.map((t) => t.id),
        set.file
      );
  const judged = set.tasks.filter((t) => t.judge && (!options.tasks?.length || options.tasks.includes(t.id)));
  if (judged.length === 0)
    throw new UserInputError(set.file, "tasks", "no task declares judge items: add judge: { items: [\u2026], labels: DIR } to a task (docs/model-judge.md)");
  const known = new Set(judged.flatMap((t) => t.judge.items.map((i) => i.id)));
  for (const id of options.items ?? []) if (!known.has(id)) throw new UserInputError(set.file, "judge.items", `no item ${id}; items: ${[...known].join(", ")}`);
  const recordPath = resolve(set.dir, judge.calibration);
  const disagreementsPath = options.disagreementsPath ?? join(dirname(recordPath), `${basename(recordPath, ".json")}-disagreements.md`);
  const { scrubber } = options;
  const cacheDir = await mkdtemp(join(tmpdir(), "trialgate-calibrate-"));
  const opened = await openJudge(judge, set.dir, { cacheDir, scrubber });
  try {
    if (opened.unavailable)
      throw new EnvironmentError(opened.unavailable, "the judge could not be reached, so nothing was calibrated: fix the endpoint and run again");
    const rule = { minKappa: judge.gate.min_kappa, minLabels: judge.gate.min_labels };
    const items = [];
    const disagreements = [];
    const skipped = [];
    for (const task of judged) {
      const spec = task.judge;
      if (spec.labels === void 0) {
        skipped.push(task.id);
        continue;
      }
      const labelled = await readLabelledSet(resolve(set.dir, spec.labels));
      checkLabelIds(
        labelled,
        task.id,
        spec.items.map((i) => i.id)
      );
      const goal = await taskGoal(task.fixtureDir);
      for (const item of spec.items.filter((i) => !options.items?.length || options.items.includes(i.id))) {
        const samples = labelled.file.samples.filter((s) => s.labels[item.id] !== void 0);
        const answers = await mapPool(samples, options.concurrency ?? 4, async (sample) => {
          const dirs = sampleDirs(labelled, sample.id);
          const { record: record2 } = await askRubric(opened.client, {
            goal,
            item,
            candidate: await readShown(dirs.candidate, item.candidate),
            evidence: await readEvidence(dirs.evidence, item.evidence, task.kind),
            maxFileChars: judge.max_file_chars
          });
          return { sample, record: record2, path: relative(set.dir, join(labelled.dir, "samples", sample.id)) };
        });
        const answered = answers.filter((a) => a.record.verdict !== "error");
        const stats = agreement(answered.map((a) => ({ human: a.sample.labels[item.id], judge: a.record.verdict === "yes" })));
        const promptSha256 = promptTemplateSha(item, goal, judge.max_file_chars, task.kind);
        const record = {
          task: task.id,
          item: item.id,
          model: judge.model,
          prompt_sha256: promptSha256,
          labels_sha256: labelled.sha256,
          n: stats.n,
          agree: stats.agree,
          undetermined: answered.filter((a) => a.record.verdict === "undetermined").length,
          accuracy: stats.accuracy,
          kappa: stats.kappa,
          confusion: stats.confusion,
          calibrated_at: (/* @__PURE__ */ new Date()).toISOString()
        };
        items.push({
          record,
          gating: gatingOf(record, { model: judge.model, promptSha256, labelsSha256: labelled.sha256 }, rule),
          errors: answers.filter((a) => a.record.verdict === "error").map((a) => `${a.sample.id}: ${a.record.reason}`)
        });
        for (const a of answered) {
          const human = a.sample.labels[item.id];
          if (human === (a.record.verdict === "yes")) continue;
          disagreements.push({
            task: task.id,
            item: item.id,
            sample: a.sample.id,
            path: a.path,
            human,
            judge: a.record.verdict,
            reason: a.record.reason,
            ...a.sample.note ? { note: a.sample.note } : {}
          });
        }
      }
    }
    await writeRecord(
      recordPath,
      items.filter((i) => i.errors.length === 0).map((i) => i.record),
      scrubber
    );
    await writeNamedFile(disagreementsPath, renderDisagreements(judge.model, items, disagreements), scrubber);
    return { recordPath, disagreementsPath, items, disagreements, skipped, tokens: opened.client.spent };
  } finally {
    await opened.close();
    await rm(cacheDir, { recursive: true, force: true });
  }
}
function checkLabelIds(labelled, task, items) {
  labelled.file.samples.forEach((sample, i) => {
    for (const id of Object.keys(sample.labels)) {
      if (!items.includes(id))
        throw new UserInputError(
          join(labelled.dir, "labels.json"),
          `samples[${i}].labels.${id}`,
          `task ${task} has no judge item ${id}; its items: ${items.join(", ")}`
        );
    }
  });
}
async function writeRecord(path, fresh, scrubber) {
  const kept = (await readCalibration(path)).filter((r) => !fresh.some((f) => f.task === r.task && f.item === r.item));
  const items = [...kept, ...fresh].sort((a, b) => a.task === b.task ? a.item < b.item ? -1 : 1 : a.task < b.task ? -1 : 1);
  await writeNamedFile(path, JSON.stringify({ schema: CALIBRATION_SCHEMA, items }, null, 2) + "\n", scrubber);
}
function renderDisagreements(model, items, disagreements) {
  const cell = (text) => text.replace(/\|/g, "\\|").replace(/\s+/g, " ").trim();
  const lines = [
    `# Judge disagreements with the human labels (${cell(model)})`,
    "",
    "Written by `trialgate calibrate`. Review each: fix the label, or keep it as a case the judge gets wrong.",
    ""
  ];
  for (const { record } of items) {
    const rows = disagreements.filter((d) => d.task === record.task && d.item === record.item);
    lines.push(`## ${record.task} \xB7 ${record.item}: ${rows.length} of ${record.n}`, "");
    if (rows.length === 0) {
      lines.push("No disagreement.", "");
      continue;
    }
    lines.push("| sample | human | judge | judge\u2019s reason | labeller\u2019s note |", "|---|---|---|---|---|");
    for (const d of rows) lines.push(`| ${cell(d.path)} | ${d.human ? "yes" : "no"} | ${d.judge} | ${cell(d.reason)} | ${cell(d.note ?? "")} |`);
    lines.push("");
  }
  return lines.join("\n");
}

// src/cli/calibrate.ts
async function runCalibrateCli(argv, io) {
  const parsed = parseCommand(CALIBRATE, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  const set = await loadTrialSet(resolve2(io.cwd, values.config ?? "trialgate.yml"));
  const run = await calibrate({
    set: {
      file: set.file,
      dir: set.dir,
      judge: set.config.judge,
      tasks: set.tasks.map((t) => ({ id: t.spec.id, fixtureDir: t.fixture.dir, judge: t.spec.judge, kind: t.kind }))
    },
    ...values.task ? { tasks: values.task } : {},
    ...values.item ? { items: values.item } : {},
    ...values.disagreements ? { disagreementsPath: resolve2(io.cwd, values.disagreements) } : {},
    scrubber: secretsOf(trialSetSources(set)).scrubber
  });
  const pct = (x) => x === null ? "\u2013" : `${Math.round(x * 100)}%`;
  const kappa = (x) => x === null ? "undefined" : x.toFixed(2);
  const rows = run.items.map(({ record: r, gating, errors }) => [
    r.task,
    r.item,
    String(r.n),
    pct(r.accuracy),
    kappa(r.kappa),
    String(r.n - r.agree),
    errors.length ? `not recorded: ${errors.length} not answered` : gating.gated ? "gates" : `not gated, because ${gating.why}`
  ]);
  io.stdout(`${markdownTable([["task", "item", "labels", "accuracy", "\u03BA", "disagreements", "gate"], ...rows])}
`);
  for (const task of run.skipped) io.stdout(`
${task}: no labelled set (judge.labels): its items cannot be calibrated and are never gated
`);
  for (const item of run.items) for (const error of item.errors) io.stderr(`${item.record.task} \xB7 ${item.record.item}: ${error}
`);
  io.stdout(
    `
record: ${displayPath(run.recordPath, io.cwd)}
disagreements: ${displayPath(run.disagreementsPath, io.cwd)} (${run.disagreements.length})
judge tokens: ${run.tokens}
`
  );
  if (run.items.some((i) => i.errors.length > 0)) return EXIT.usage;
  return run.items.every((i) => i.gating.gated) ? EXIT.ok : EXIT.failed;
}
export {
  runCalibrateCli
};
