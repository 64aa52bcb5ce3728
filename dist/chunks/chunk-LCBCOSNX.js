import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);
import {
  CALIBRATION_SCHEMA,
  CalibrationFile,
  LabelsFile
} from "./chunk-6FEWE2YT.js";
import {
  hashFiles,
  listFiles,
  readJsonFile,
  sha256Manifest
} from "./chunk-EYKO5LXT.js";
import {
  UserInputError,
  parseOrThrow
} from "./chunk-JUOIWDMS.js";

// src/semantic/labels.ts
import { join } from "node:path";
async function readLabelledSet(dir) {
  const path = join(dir, "labels.json");
  const file = parseOrThrow(LabelsFile, await readJsonFile(path), path);
  const seen = /* @__PURE__ */ new Set();
  for (const [i, sample] of file.samples.entries()) {
    if (seen.has(sample.id)) throw new UserInputError(path, `samples[${i}].id`, `sample ${sample.id} appears twice; each sample once`);
    seen.add(sample.id);
  }
  return { dir, file, sha256: await labelledSetSha(dir) };
}
async function labelledSetSha(dir) {
  return sha256Manifest(await hashFiles(dir, await listFiles(dir)));
}
function sampleDirs(set, id) {
  return { candidate: join(set.dir, "samples", id, "candidate"), evidence: join(set.dir, "samples", id, "evidence") };
}
async function readCalibration(path) {
  let data;
  try {
    data = await readJsonFile(path);
  } catch (e) {
    if (e instanceof UserInputError && e.expected === "file not found") return [];
    throw e;
  }
  const schema = data?.schema;
  if (schema !== CALIBRATION_SCHEMA)
    throw new UserInputError(path, "schema", `expected "${CALIBRATION_SCHEMA}", found ${JSON.stringify(schema)}: write it with \`trialgate calibrate\``);
  return parseOrThrow(CalibrationFile, data, path).items;
}

export {
  readLabelledSet,
  labelledSetSha,
  sampleDirs,
  readCalibration
};
