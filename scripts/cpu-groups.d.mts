// The types of cpu-groups.mjs (plain JavaScript: file-usage.mjs, a preload, uses it before any TypeScript loads).
export interface CpuGroup {
  parent: string;
  dir: string;
}
export const TICKS_PER_SECOND: number;
export function sweepGroups(): void;
export function joinOwnGroup(): CpuGroup | undefined;
export function leaveGroup(group: CpuGroup): { user: number; sys: number };
