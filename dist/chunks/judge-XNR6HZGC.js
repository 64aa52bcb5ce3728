import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  judge
} from "./chunk-5DHXYKAQ.js";
import {
  Report,
  TRUSTED_VERDICTS
} from "./chunk-NAP725RQ.js";
import {
  loadFixture
} from "./chunk-AJNZHUO4.js";
import {
  builtinFixture
} from "./chunk-BILKXZIS.js";
import {
  EXIT,
  JUDGE,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import "./chunk-OMHBE2A7.js";
import {
  readJsonFile
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  parseOrThrow
} from "./chunk-JUOIWDMS.js";
import "./chunk-HZGLYA5U.js";

// src/cli/judge.ts
import { resolve } from "node:path";
async function runJudgeCli(argv, io) {
  const parsed = parseCommand(JUDGE, argv, io);
  if (typeof parsed === "number") return parsed;
  const reports = [];
  for (const path of parsed.positionals) {
    const file = resolve(io.cwd, path);
    reports.push({ path, report: parseOrThrow(Report, await readJsonFile(file), file) });
  }
  const fixture = await loadFixture(parsed.values.fixture ? resolve(io.cwd, parsed.values.fixture) : builtinFixture("inventory"));
  if (!parsed.values.fixture) {
    const unknown = reports.filter(({ report }) => report.fault !== "none" && !fixture.manifest.faults[report.fault]);
    if (unknown.length)
      throw new UserInputError(
        unknown[0].path,
        "fault",
        `${unknown[0].report.fault} is not a built-in inventory fault: pass --fixture DIR, the fixture the report belongs to`
      );
  }
  let trusted = true;
  for (const { path, report } of reports) {
    const judgement = judge(report, { faults: fixture.manifest.faults, coverage: fixture.manifest.service?.coverage ?? false });
    io.stdout(`${judgement.fault} ${judgement.verdict}${judgement.attributed === false ? " (no coverage: not attributed)" : ""}
`);
    if (!TRUSTED_VERDICTS.includes(judgement.verdict)) {
      trusted = false;
      io.stderr(`  ${path}: ${judgement.reason}
`);
    }
  }
  return trusted ? EXIT.ok : EXIT.failed;
}
export {
  runJudgeCli
};
