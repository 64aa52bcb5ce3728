// Reading what an acceptor wrote to $TRIALGATE_REPORT, in the format its acceptance names (`report`):
// trialgate's own JSON (docs/report-format.md; what the shipped pytest, Jest, Vitest and node:test
// reporters write) or JUnit XML (a file, or a directory of them). The one place a report is read: the
// command kind and any kind that runs tests through it call this with their format. Nothing here
// throws on what an acceptor wrote: no report, an unreadable or invalid one is an execution error
// (errorBody) naming every problem, never a verdict.
import { lstat, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { errorBody, type ReportBody } from '../../acceptance/accept.ts';
import { jsonDepth, MAX_JSON_DEPTH } from '../../acceptance/snapshot.ts';
import type { ReportFormat } from '../../schemas/kinds/command.ts';
import { AcceptorReport } from '../../schemas/report.ts';
import { allIssues } from '../../util/errors.ts';
import { readRegularFile } from '../../util/files.ts';
import { readJsonConfig } from '../../util/json-config.ts';
import { junitRecords } from './junit.ts';
import { firstJsonEnd, type ChannelReading } from './report-channel.ts';

const REPORT_BYTES = 16 * 1024 * 1024;
/** Past this a report's problems are listed without lines: finding them would parse the whole text again. */
const LINED_PROBLEMS_BYTES = 1024 * 1024;
const SHOWN = '$TRIALGATE_REPORT';

export async function readAcceptorReport(path: string, format: ReportFormat): Promise<ReportBody> {
  const files = await reportFiles(path, format);
  if (typeof files === 'string') return errorBody([], files);
  const texts: { name: string; text: string }[] = [];
  let total = 0;
  for (const file of files) {
    let bytes: Buffer | null;
    try {
      bytes = await readRegularFile(file.path, REPORT_BYTES - total);
    } catch (e) {
      return errorBody([], `the report at ${file.name} is not a regular file (${(e as NodeJS.ErrnoException).code})`);
    }
    if (bytes === null) return errorBody([], `the report is larger than ${REPORT_BYTES} bytes`);
    total += bytes.length;
    texts.push({ name: file.name, text: bytes.toString('utf8') });
  }
  return format === 'junit-xml' ? junitBody(texts) : trialgateBody(texts[0]!.text);
}

/**
 * A trialgate report read over the report channel (report-channel.ts): one JSON document, or a report the
 * channel shows was forged. What followed the first report is a second one: a forgery, named.
 */
export function readChannelReport(reading: ChannelReading): ReportBody {
  if (reading.oversize) return { ...errorBody([], `the report is larger than ${REPORT_BYTES} bytes`), forgery: reading.forgery };
  const text = reading.text;
  if (!text.trim()) return { ...errorBody([], `the acceptance command wrote no report to ${SHOWN}`), forgery: reading.forgery };
  const end = firstJsonEnd(text);
  const rest = end === undefined ? '' : text.slice(end).trim();
  const forgery = [...reading.forgery];
  if (rest) forgery.push(`${SHOWN} received a second report after the first (${rest.length} more bytes): something other than the tests' reporter wrote it`);
  return { ...trialgateBody(rest ? text.slice(0, end) : text), ...(forgery.length ? { forgery } : {}) };
}

/** The files to read: $TRIALGATE_REPORT itself, or for JUnit XML the *.xml files of a directory written there. */
async function reportFiles(path: string, format: ReportFormat): Promise<{ path: string; name: string }[] | string> {
  // Not followed: a link planted at the report path would read whatever it points to.
  const info = await lstat(path).catch((e: NodeJS.ErrnoException) => e.code ?? 'unreadable');
  if (info === 'ENOENT') return `the acceptance command wrote no report to ${SHOWN}`;
  if (typeof info === 'string') return `the report at ${SHOWN} cannot be read (${info})`;
  if (info.isSymbolicLink()) return `the report at ${SHOWN} is a symbolic link, which is never followed`;
  if (!info.isDirectory()) return [{ path, name: SHOWN }];
  if (format !== 'junit-xml') return `${SHOWN} is a directory; a trialgate report is one JSON file`;
  const names = (await readdir(path)).filter((n) => n.endsWith('.xml')).sort();
  if (names.length === 0) return `the directory at ${SHOWN} holds no .xml file`;
  return names.map((n) => ({ path: join(path, n), name: `${SHOWN}/${n}` }));
}

function trialgateBody(text: string): ReportBody {
  if (jsonDepth(text) > MAX_JSON_DEPTH) return errorBody([], `the report is nested deeper than ${MAX_JSON_DEPTH} levels`);
  const why = (problems: string[]) => `the report does not follow the acceptor report format (docs/report-format.md):\n  ${problems.join('\n  ')}`;
  if (text.length > LINED_PROBLEMS_BYTES) {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch (e) {
      return errorBody([], `${SHOWN}: not valid JSON: ${(e as Error).message}`);
    }
    const parsed = AcceptorReport.safeParse(raw);
    return parsed.success ? parsed.data : errorBody([], why(allIssues(SHOWN, parsed.error, 10)));
  }
  const read = readJsonConfig(AcceptorReport, text, SHOWN);
  if (read.ok) return read.data;
  return errorBody([], read.problems.length === 1 && read.problems[0]!.includes('not valid JSON') ? read.problems[0]! : why(read.problems));
}

function junitBody(texts: readonly { name: string; text: string }[]): ReportBody {
  const read = junitRecords(texts);
  if (!read.ok) return errorBody([], read.problem);
  const { records } = read;
  return { planned: records.length, executed: records.length, complete: true, blocked: false, records };
}
