// The tool version recorded in every results.json and trial config.
import pkg from '../package.json' with { type: 'json' };

export const TOOL_VERSION: string = pkg.version;
