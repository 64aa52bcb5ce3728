import { createRequire as __trialgateRequire } from 'node:module'; const require = __trialgateRequire(import.meta.url);

// package.json
var package_default = {
  name: "trialgate",
  version: "0.1.0",
  description: "Gate pull requests that change an LLM agent's prompts or skills on task evidence, not answer similarity.",
  type: "module",
  license: "MIT",
  keywords: [
    "llm",
    "agent",
    "evaluation",
    "github-action",
    "pull-request",
    "gate",
    "prompt",
    "testing"
  ],
  repository: {
    type: "git",
    url: "git+https://github.com/trialgate/trialgate.git"
  },
  bin: {
    trialgate: "dist/cli.js"
  },
  files: [
    "dist/",
    "fixtures/",
    "templates/",
    "reporters/",
    "docs/",
    "action.yml",
    "README.md"
  ],
  engines: {
    node: ">=20"
  },
  scripts: {
    build: "node --import tsx scripts/build.ts",
    typecheck: "tsc --noEmit",
    demo: "node dist/cli.js demo",
    test: "tsc --noEmit && node --import tsx --test --test-concurrency=2 test/*.test.ts",
    bench: "node bench/run-all.mjs"
  },
  devDependencies: {
    "@actions/artifact": "^6.2.1",
    "@actions/core": "^3.0.1",
    "@actions/github": "^9.1.1",
    "@types/node": "^20.19.43",
    "@types/picomatch": "^4.0.3",
    diff: "^9.0.0",
    esbuild: "^0.28.2",
    "markdown-table": "^3.1.0",
    mermaid: "^12.3.0",
    parse5: "^8.1.1",
    picomatch: "^4.0.7",
    "playwright-core": "^1.65.1",
    tsx: "^4.23.15",
    typescript: "^7.0.2",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  }
};

// src/version.ts
var TOOL_VERSION = package_default.version;

export {
  TOOL_VERSION
};
