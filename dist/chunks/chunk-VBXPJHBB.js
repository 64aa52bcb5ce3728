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
    "adapters/",
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
    test: "tsc --noEmit && node --import ./scripts/ts-register.mjs scripts/test.ts",
    "test:unit": "node --import ./scripts/ts-register.mjs scripts/test.ts --unit",
    "test:e2e": "node --import ./scripts/ts-register.mjs scripts/test.ts --e2e",
    bench: "node bench/run-all.mjs",
    format: "prettier --write .",
    "format:check": "prettier --check ."
  },
  devDependencies: {
    "@actions/artifact": "^6.2.1",
    "@actions/core": "^3.0.1",
    "@actions/github": "^9.1.1",
    "@anthropic-ai/claude-code": "2.1.332",
    "@openai/codex": "0.171.0",
    "@qwen-code/qwen-code": "0.24.4",
    "@types/node": "^20.19.43",
    "@types/picomatch": "^4.0.3",
    "age-encryption": "^0.3.1",
    diff: "^9.0.0",
    esbuild: "^0.28.2",
    "fast-xml-parser": "5.12.1",
    "github-markdown-css": "^5.9.0",
    "http-parser-js": "^0.5.10",
    jest: "30.5.2",
    "jest-junit": "17.0.0",
    "markdown-table": "^3.1.0",
    marked: "^16.4.2",
    mermaid: "^12.3.0",
    parse5: "^8.1.1",
    picomatch: "^4.0.7",
    "playwright-core": "^1.65.1",
    prettier: "3.10.1",
    "tar-stream": "^3.2.2",
    tsx: "^4.23.15",
    typescript: "^7.0.2",
    vite: "8.3.8",
    vitest: "4.1.12",
    yaml: "^2.9.1",
    zod: "^4.6.7"
  }
};

// src/version.ts
var TOOL_VERSION = package_default.version;

export {
  TOOL_VERSION
};
