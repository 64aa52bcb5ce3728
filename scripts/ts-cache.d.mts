// The types of ts-cache.mjs (plain JavaScript: module hooks load it before any TypeScript can be).
import type { TransformOptions } from 'esbuild';

export const CACHE_DIR: string;
export function transformOptions(path: string): TransformOptions;
export function cachedPath(path: string, source: string): string;
export function keep(path: string, code: string): void;
