import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  MIN_TRIALS_FOR_REUSE,
  ResetProver,
  proofRefusal
} from "./chunk-KIZHXQHB.js";
import {
  defaultAcceptance,
  kindOf
} from "./chunk-TE7J7CZT.js";
import {
  markdownTable
} from "./chunk-6KCLTD2N.js";
import {
  openSandbox,
  passedEnvironment
} from "./chunk-N2ZZ3NAW.js";
import {
  plural,
  secretsOf
} from "./chunk-BAEF6OTL.js";
import {
  NO_FAULT,
  loadFixture,
  variantsOf
} from "./chunk-AJNZHUO4.js";
import {
  builtinFixture,
  displayPath,
  runDirName
} from "./chunk-BILKXZIS.js";
import {
  DEMO,
  EXIT,
  VALIDATE,
  parseCommand
} from "./chunk-GPT4AU5Q.js";
import {
  makeOutputDir
} from "./chunk-KKIMH4NN.js";
import {
  matchFiles
} from "./chunk-EYKO5LXT.js";

// src/cli/validate.ts
import { existsSync } from "node:fs";
import { rmdir } from "node:fs/promises";
import { join as join2, resolve } from "node:path";

// src/kinds/validate.ts
import { readFile } from "node:fs/promises";
import { join } from "node:path";
async function validateFixture(options) {
  const fixture = await loadFixture(options.fixtureDir);
  const kind = kindOf(defaultAcceptance(fixture));
  kind.checkFixture(fixture);
  passedEnvironment(kind.passEnv, `${fixture.dir}/fixture.json: acceptance.pass_env`);
  const sandbox = await openSandbox(options.isolation ?? "auto", "--isolation");
  const refusal = proofRefusal(fixture, kind.replayableUse !== void 0, kind.name);
  const prover = refusal ? void 0 : new ResetProver(sandbox, fixture);
  try {
    const validation = await kind.validate({
      fixture,
      sandbox,
      outDir: options.outDir,
      ...options.candidateDir ? { candidateDir: options.candidateDir } : {},
      scrubber: secretsOf({ tasks: [kind] }).scrubber,
      ...prover ? { services: prover } : {}
    });
    if (validation.shape !== "variants" || validation.formatOnly) return { validation, isolation: sandbox.report };
    const unread = options.candidateDir ? void 0 : await faultEnvUnread(validation);
    if (unread) validation.problems.push(unread);
    let resetProof = { proved: false, why: refusal, variants: [], limits: [] };
    if (prover) {
      const use = await kind.replayableUse(fixture, validation.candidateDir);
      resetProof = typeof use === "string" ? { proved: false, why: use, variants: [], limits: [] } : (await prover.prove(use, variantsOf(fixture))).proof;
    }
    return { validation: { ...validation, resetProof }, isolation: sandbox.report };
  } finally {
    await prover?.stop();
    await sandbox.dispose();
  }
}
async function faultEnvUnread(validation) {
  const defects = validation.rows.filter((r) => r.fault !== NO_FAULT);
  const correct = validation.rows.find((r) => r.fault === NO_FAULT);
  if (defects.length === 0 || correct?.verdict !== "baseline_pass" || !defects.every((r) => r.verdict === "defect_missed")) return void 0;
  const { dir, manifest } = validation.fixture;
  const service = manifest.service;
  if (!service) return void 0;
  const files = await matchFiles(dir, service.files);
  const texts = await Promise.all(files.map((f) => readFile(join(dir, f), "utf8").catch(() => "")));
  const word = new RegExp(`(^|[^A-Za-z0-9_])${service.faultEnv}($|[^A-Za-z0-9_])`);
  const named = texts.some((t) => word.test(t));
  return `every defect passed every test, exactly as the correct service did: does the service read ${service.faultEnv} (service.faultEnv)? trialgate sets it to the fault id (${defects.map((r) => r.fault).join(", ")}) in the service's environment` + (named ? "" : `; no file of service.files (${files.join(", ")}) mentions ${service.faultEnv}`);
}

// src/cli/validate-runs.ts
function renderRunsValidation(v, cwd) {
  const show = (path) => displayPath(path, cwd);
  const lines = [
    `fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`,
    `${v.subject} ${show(v.subjectPath)}`,
    "",
    markdownTable([
      [...v.columns, "expected", "result", "failed checks"],
      ...v.rows.map((r) => [r.subject, r.variant, r.expected, r.actual === r.expected ? r.actual : `**${r.actual}**`, r.failed.join(", ")])
    ]),
    ""
  ];
  const explained = v.rows.filter((r) => r.actual !== "accepted" || r.actual !== r.expected);
  if (explained.length) {
    lines.push("why:");
    for (const r of explained) lines.push(`  ${r.subject}, ${r.variant} (${show(r.evidence)}):`, ...r.findings.map((f) => `    - ${f}`));
    lines.push("");
  }
  for (const note of v.notes ?? []) lines.push(`\u26A0 ${note}`);
  if (v.notes?.length) lines.push("");
  if (v.judged === "candidate") {
    if (v.problems.length === 0) lines.push(`\u2705 the candidate is accepted: ${v.proved}`);
    else
      lines.push(
        "\u274C the candidate is rejected (the acceptor is proved on the fixture\u2019s own solutions: trialgate validate without --candidate):",
        ...v.problems.map((p) => `  - ${p}`)
      );
  } else if (v.problems.length === 0) lines.push(`\u2705 acceptor trusted: ${v.proved}`);
  else lines.push("\u274C acceptor NOT trusted here:", ...v.problems.map((p) => `  - ${p}`));
  return lines.join("\n") + "\n";
}

// src/cli/validate.ts
async function runValidateCli(argv, io) {
  const parsed = parseCommand(VALIDATE, argv, io);
  if (typeof parsed === "number") return parsed;
  const { values, positionals } = parsed;
  return validateAndPrint(resolve(io.cwd, positionals[0]), values, io, "validate");
}
async function runDemoCli(argv, io) {
  const parsed = parseCommand(DEMO, argv, io);
  if (typeof parsed === "number") return parsed;
  io.stdout("trialgate demo: can the inventory acceptor tell the correct service from its three defects?\n");
  io.stdout("No agent, no model: the reference answers are run against every variant of the service.\n\n");
  return validateAndPrint(builtinFixture("inventory"), parsed.values, io, "demo");
}
async function validateAndPrint(fixtureDir, values, io, prefix) {
  const isolation = values.isolation;
  const outDir = resolve(io.cwd, values.out ?? join2(".trialgate", runDirName(prefix)));
  const existed = existsSync(outDir);
  makeOutputDir(outDir, io.cwd, "--out");
  const { validation, isolation: report } = await validateFixture({
    fixtureDir,
    outDir,
    ...values.candidate ? { candidateDir: resolve(io.cwd, values.candidate) } : {},
    ...isolation ? { isolation } : {}
  }).catch(async (e) => {
    if (!existed) await rmdir(outDir).catch(() => void 0);
    throw e;
  });
  io.stdout(validation.shape === "runs" ? renderRunsValidation(validation, io.cwd) : renderValidation(validation, io.cwd));
  io.stdout(isolationLine(report));
  return validation.problems.length === 0 ? EXIT.ok : EXIT.failed;
}
function isolationLine(report) {
  return report.mechanism === "none" ? `\u26A0\uFE0F isolation: none (${report.reason}); see docs/isolation.md
` : `isolation: ${report.mechanism}
`;
}
function renderValidation(v, cwd) {
  const lines = [];
  const show = (path) => displayPath(path, cwd);
  lines.push(`fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`);
  lines.push(`answers: ${show(v.candidateDir)}`, "");
  if (v.rows.length) {
    lines.push(
      markdownTable([
        ["variant", "what it breaks", "assertion failures", "execution errors", "verdict"],
        ...v.rows.map((r) => [
          r.fault,
          r.label,
          String(r.assertionFailures),
          String(r.executionErrors),
          r.attributed ? r.verdict : `${r.verdict} (no coverage: not attributed)`
        ])
      ]),
      ""
    );
    for (const r of v.rows.filter((row) => row.detectedBy.length)) {
      lines.push(`${r.fault} detected by:`, ...r.detectedBy.map((d) => `  - ${d}`));
    }
    lines.push("", "reports:", ...v.rows.map((r) => `  ${show(r.reportPath)}`), "");
  }
  const candidateGiven = resolve(v.candidateDir) !== resolve(v.fixture.dir, v.fixture.manifest.reference);
  if (v.problems.length === 0) {
    lines.push(
      candidateGiven ? "\u2705 the candidate passes on the correct service and detects every defect by an assertion." : "\u2705 acceptor trusted: the correct service passes and every defect is detected by an assertion."
    );
  } else if (v.formatOnly) {
    lines.push("\u274C the answers fail the static checks, so nothing was run against the service:", ...v.problems.map((p) => `  - ${p}`));
  } else if (candidateGiven) {
    lines.push(
      "\u274C the candidate does not tell right from wrong here (the acceptor is proved on the reference answers: trialgate validate without --candidate):",
      ...v.problems.map((p) => `  - ${p}`)
    );
  } else {
    lines.push("\u274C acceptor NOT trusted: it cannot tell right from wrong here.", ...v.problems.map((p) => `  - ${p}`));
  }
  if (v.resetProof) lines.push("", ...renderResetProof(v.resetProof));
  return lines.join("\n") + "\n";
}
function renderResetProof(proof) {
  const lines = [];
  if (proof.variants.length) {
    lines.push(
      "reset: the cases replayed after a reset, and the state probe read after it, against a fresh start:",
      "",
      markdownTable([
        ["variant", "replayed exchanges", "state probe reads", "after a reset = fresh start"],
        ...proof.variants.map((p) => [p.fault, String(p.replayed), String(p.probed), p.difference ? "no" : "yes"])
      ]),
      "",
      ...proof.variants.filter((p) => p.difference).map((p) => `  - ${p.fault}: ${p.difference}`)
    );
  }
  if (proof.limits.length)
    lines.push(
      "it cannot see state none of those requests read (a counter, a cache, a clock), so a run checks each reused instance again after every use: docs/fixture.md#reusing-a-service-the-reset-proof",
      ""
    );
  const failed = proof.variants.filter((p) => p.difference).length;
  const oneByOne = proof.variants.filter((p) => p.oneByOne);
  if (proof.proved)
    lines.push(
      `\u2705 reset proved on ${plural(proof.variants.length, "variant")}: an isolated run with ${MIN_TRIALS_FOR_REUSE} or more trials of a task keeps its services in one pool, reset and checked again after every use${oneByOne.length ? ` (one request at a time on ${oneByOne.map((p) => p.fault).join(", ")}: ${oneByOne[0].oneByOne})` : ""}.`
    );
  else if (failed) lines.push(`\u2139\uFE0F reset not proved on ${failed} of ${plural(proof.variants.length, "variant")} (above): each use starts a fresh service.`);
  else lines.push(`\u2139\uFE0F ${proof.why}.`);
  return lines;
}

export {
  runValidateCli,
  runDemoCli,
  isolationLine,
  renderValidation,
  renderResetProof
};
