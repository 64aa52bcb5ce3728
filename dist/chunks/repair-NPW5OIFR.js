import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  writeRunReports
} from "./chunk-7SUBNYKI.js";
import {
  abortRepair,
  finishRepair,
  repairTarget,
  saveCommittedRepair,
  startRepair
} from "./chunk-LYPK62IA.js";
import "./chunk-LHVQ7BFE.js";
import {
  loadTrialSet
} from "./chunk-BEIMHXS6.js";
import "./chunk-TE7J7CZT.js";
import "./chunk-6KCLTD2N.js";
import "./chunk-5DHXYKAQ.js";
import "./chunk-NAP725RQ.js";
import "./chunk-TX4XMRFF.js";
import "./chunk-N2ZZ3NAW.js";
import {
  MAX_MINUTES
} from "./chunk-6FEWE2YT.js";
import {
  plural,
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
  EXIT,
  REPAIR,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import "./chunk-OMHBE2A7.js";
import "./chunk-KKIMH4NN.js";
import {
  readInside
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/repair.ts
import { resolve } from "node:path";
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
    io.stdout(
      `edit the copy in ${displayPath(copy, io.cwd)} (the delivered candidate stays as it was); the clock is running.
then: trialgate repair ${parsed.positionals[0]} --done [--note "\u2026"] [--confirming-minutes M] [--save]
`
    );
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
    ...values.isolation ? { isolation: values.isolation } : {},
    outputs: writeRunReports,
    scrubber: secretsOf(trialSetSources(set)).scrubber
  });
  io.stdout(
    `repair of ${target.task.id} trial ${target.trial.trial}: ${repair.outcome} after repair (raw: ${target.trial.outcome}); ${repair.minutes} min, ${plural(repair.patch_lines, "patch line")} in ${plural(repair.patch_files, "file")}
`
  );
  for (const failure of repair.failures) io.stdout(`  - ${failure}
`);
  if (values.save) {
    const patch = readInside(target.runDir, repair.patch, Number.MAX_SAFE_INTEGER).toString("utf8");
    const saved = await saveCommittedRepair(set, target.task.id, target.trial.candidate_sha256, patch, repair);
    io.stdout(`saved as ${saved}: commit it, and runs re-apply it to the same candidate
`);
  }
  return repair.outcome === "pass" ? EXIT.ok : EXIT.failed;
}
function minutesOf(flag, text) {
  const n = Number(text);
  if (!Number.isFinite(n) || n < 0 || n > MAX_MINUTES)
    throw new UserInputError(REPAIR.usage, flag, `a number of minutes from 0 to ${MAX_MINUTES}, got ${JSON.stringify(text)}`);
  return n;
}
export {
  runRepairCli
};
