import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  abortRepair,
  finishRepair,
  repairTarget,
  saveCommittedRepair,
  startRepair
} from "./chunk-G5EN2XWY.js";
import "./chunk-BZNMFCXS.js";
import {
  loadTrialSet
} from "./chunk-TCQHGJST.js";
import "./chunk-V3BF3RGP.js";
import "./chunk-GIWHJF3W.js";
import "./chunk-AXCA5P2G.js";
import "./chunk-FVLX3TVP.js";
import "./chunk-GQ3N5QTO.js";
import "./chunk-MXDSQAGL.js";
import "./chunk-6VL3ZTP4.js";
import "./chunk-BUWQH57W.js";
import "./chunk-J6G6AL52.js";
import "./chunk-LGZPU5OA.js";
import "./chunk-RRV7J5M2.js";
import "./chunk-OVH43LBJ.js";
import {
  displayPath
} from "./chunk-EV262Y4R.js";
import {
  REPAIR,
  parseCommand
} from "./chunk-E6FWMIUR.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import "./chunk-SVMKXPE7.js";
import "./chunk-XFC4BBCX.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";
import "./chunk-TDSOKKON.js";
import "./chunk-HZGLYA5U.js";

// src/cli/repair.ts
import { readFile } from "node:fs/promises";
import { join, resolve } from "node:path";
async function runRepairCli(argv, io) {
  const parsed = parseCommand(REPAIR, argv, io);
  if (typeof parsed === "number") return parsed;
  const values = parsed.values;
  const target = await repairTarget(resolve(io.cwd, parsed.positionals[0]));
  if (values.abort) {
    await abortRepair(target);
    io.stdout(`discarded the repair of ${displayPath(target.trialDir, io.cwd)}
`);
    return EXIT.ok;
  }
  if (!values.done) {
    const copy = await startRepair(target);
    io.stdout(`edit the copy in ${displayPath(copy, io.cwd)} (the delivered candidate stays as it was); the clock is running.
then: trialgate repair ${parsed.positionals[0]} --done [--note "\u2026"] [--confirming-minutes M] [--save]
`);
    return EXIT.ok;
  }
  const set = await loadTrialSet(resolve(io.cwd, values.config ?? "trialgate.yml"));
  const task = set.tasks.find((t) => t.spec.id === target.task.id);
  if (!task) throw new UserInputError(set.file, "tasks", `has no task ${target.task.id}: pass the trial set the run came from with --config`);
  const repair = await finishRepair(target, {
    task,
    ...values.minutes === void 0 ? {} : { minutes: minutesOf("--minutes", values.minutes) },
    ...values["confirming-minutes"] === void 0 ? {} : { confirmingMinutes: minutesOf("--confirming-minutes", values["confirming-minutes"]) },
    ...values.note ? { note: values.note } : {},
    ...values.isolation ? { isolation: values.isolation } : {}
  });
  io.stdout(`repair of ${target.task.id} trial ${target.trial.trial}: ${repair.outcome} after repair (raw: ${target.trial.outcome}); ${repair.minutes} min, ${repair.patch_lines} patch lines in ${repair.patch_files} file(s)
`);
  for (const failure of repair.failures) io.stdout(`  - ${failure}
`);
  if (values.save) {
    const saved = await saveCommittedRepair(set, target.task.id, target.trial.candidate_sha256, await readFile(join(target.runDir, repair.patch), "utf8"), repair);
    io.stdout(`saved as ${saved}: commit it, and runs re-apply it to the same candidate
`);
  }
  return repair.outcome === "pass" ? EXIT.ok : EXIT.failed;
}
function minutesOf(flag, text) {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0) throw new UserInputError(REPAIR.usage, flag, `a number of minutes \u2265 0, got ${JSON.stringify(text)}`);
  return n;
}
export {
  runRepairCli
};
