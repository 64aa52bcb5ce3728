import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  markdownTable
} from "./chunk-ASMVMORG.js";
import {
  ResetProver,
  proofRefusal
} from "./chunk-7AVRNUJ6.js";
import {
  kindOf,
  openSandbox,
  passedEnvironment
} from "./chunk-V3BF3RGP.js";
import {
  loadFixture,
  variantsOf
} from "./chunk-GIWHJF3W.js";
import {
  Scrubber,
  heldTokens
} from "./chunk-RRV7J5M2.js";
import {
  builtinFixture,
  displayPath,
  runDirName
} from "./chunk-EV262Y4R.js";
import {
  DEMO,
  VALIDATE,
  parseCommand
} from "./chunk-E6FWMIUR.js";
import {
  EXIT
} from "./chunk-XNNNYSL3.js";
import {
  UserInputError
} from "./chunk-EMQXSGHT.js";

// src/cli/validate.ts
import { join, resolve } from "node:path";

// src/kinds/validate.ts
async function validateFixture(options) {
  const fixture = await loadFixture(options.fixtureDir);
  const acceptance = fixture.manifest.acceptance ?? (fixture.manifest.tools ? { kind: "tools" } : { kind: "http-cases", timeout_seconds: 120 });
  const kind = kindOf(acceptance);
  kind.checkFixture(fixture, acceptance);
  const passed = acceptance.kind === "command" ? Object.values(passedEnvironment(acceptance.pass_env, `${fixture.dir}/fixture.json: acceptance.pass_env`)) : [];
  const sandbox = await openSandbox(options.isolation ?? "auto", "--isolation");
  const refusal = proofRefusal(fixture, kind.replayableUse !== void 0, kind.name);
  const prover = refusal ? void 0 : new ResetProver(sandbox, fixture);
  try {
    const validation = await kind.validate({
      fixture,
      acceptance,
      sandbox,
      outDir: options.outDir,
      ...options.candidateDir ? { candidateDir: options.candidateDir } : {},
      scrubber: new Scrubber([...heldTokens(process.env), ...passed]),
      ...prover ? { services: prover } : {}
    });
    if (validation.shape !== "variants" || validation.formatOnly) return { validation, isolation: sandbox.report };
    let resetProof = { proved: false, why: refusal, variants: [] };
    if (prover) {
      const use = await kind.replayableUse(fixture, acceptance, validation.candidateDir);
      resetProof = typeof use === "string" ? { proved: false, why: use, variants: [] } : (await prover.prove(use, variantsOf(fixture))).proof;
    }
    return { validation: { ...validation, resetProof }, isolation: sandbox.report };
  } finally {
    await prover?.stop();
    await sandbox.dispose();
  }
}

// src/cli/validate-tools.ts
function renderToolsValidation(v, cwd) {
  const show = (path) => displayPath(path, cwd);
  const lines = [
    `fixture: ${show(v.fixture.dir)} (${v.fixture.manifest.title})`,
    `agent: the fixture's scripted reference agent (a deterministic stand-in, not an LLM), skill ${show(v.skillPath)}`,
    "",
    markdownTable([
      ["skill", "boundary", "expected", "result", "failed checks"],
      ...v.rows.map((r) => [r.skill, r.variant, r.expected, r.actual === r.expected ? r.actual : `**${r.actual}**`, r.failed.join(", ")])
    ]),
    ""
  ];
  const rejected = v.rows.filter((r) => r.actual === "rejected");
  if (rejected.length) {
    lines.push("why each rejection:");
    for (const r of rejected) lines.push(`  ${r.skill}, ${r.variant} (${show(r.evidence)}):`, ...r.findings.map((f) => `    - ${f}`));
    lines.push("");
  }
  if (v.problems.length === 0) {
    lines.push("\u2705 acceptor trusted: the full skill is accepted at every boundary, and each removed practice is rejected at exactly its boundaries.");
  } else {
    lines.push("\u274C acceptor NOT trusted here:", ...v.problems.map((p) => `  - ${p}`));
  }
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
  if (isolation && !["auto", "required", "none"].includes(isolation)) throw new UserInputError("--isolation", "", `one of auto, required, none; got ${JSON.stringify(isolation)}`);
  const { validation, isolation: report } = await validateFixture({
    fixtureDir,
    outDir: resolve(io.cwd, values.out ?? join(".trialgate", runDirName(prefix))),
    ...values.candidate ? { candidateDir: resolve(io.cwd, values.candidate) } : {},
    ...isolation ? { isolation } : {}
  });
  io.stdout(validation.shape === "boundaries" ? renderToolsValidation(validation, io.cwd) : renderValidation(validation, io.cwd));
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
        ...v.rows.map((r) => [r.fault, r.label, String(r.assertionFailures), String(r.executionErrors), r.attributed ? r.verdict : `${r.verdict} (no coverage: not attributed)`])
      ]),
      ""
    );
    for (const r of v.rows.filter((row) => row.detectedBy.length)) {
      lines.push(`${r.fault} detected by:`, ...r.detectedBy.map((d) => `  - ${d}`));
    }
    lines.push("", "reports:", ...v.rows.map((r) => `  ${show(r.reportPath)}`), "");
  }
  if (v.problems.length === 0) {
    lines.push("\u2705 acceptor trusted: the correct service passes and every defect is detected by an assertion.");
  } else if (v.formatOnly) {
    lines.push("\u274C the answers fail the static checks, so nothing was run against the service:", ...v.problems.map((p) => `  - ${p}`));
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
  const failed = proof.variants.filter((p) => p.difference).length;
  if (proof.proved) lines.push(`\u2705 ${proof.why}: a run keeps one service per variant and concurrency slot, reset between uses.`);
  else if (failed) lines.push(`\u2139\uFE0F reset not proved on ${failed} of ${proof.variants.length} variants (above): each use starts a fresh service.`);
  else lines.push(`\u2139\uFE0F ${proof.why}.`);
  return lines;
}

export {
  runValidateCli,
  runDemoCli,
  isolationLine,
  renderValidation
};
