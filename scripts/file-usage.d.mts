// The types of file-usage.mjs (plain JavaScript: preloaded into each test file's process before its TypeScript).
export const GROUP_PREFIX: string;
export function sweepGroups(): void;
