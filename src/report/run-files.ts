// What the reporters may ask of the machine, given to them through the view (view.ts RunView.files) so that
// no reporter touches the file system itself: reading a trial directory's evidence or a candidate (bounded,
// never through a link: html/evidence.ts), and a scratch of lines kept out of memory until they are written
// (report.html's task bodies past its inline limit): two files in a private temporary directory, removed after.
import { closeSync, createReadStream, openSync, writeSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { readCandidateForPage, readTrialEvidence, type Candidate, type EvidenceLimits, type TrialEvidence } from './html/evidence.ts';

export type ScratchFile = 'bodies' | 'blobs';

/** Lines put aside, one a line (a line never holds a raw newline), read back in order once closed. */
export interface Scratch {
  write(file: ScratchFile, line: string): void;
  close(): void;
  lines(file: ScratchFile): AsyncIterable<string>;
  /** Removes what it kept; also when the reader stopped early. */
  remove(): Promise<void>;
}

export interface RunFiles {
  /** One trial directory's evidence, bounded; null when it is not there. */
  trial(dir: string, limits: EvidenceLimits): Promise<TrialEvidence | null>;
  /** A candidate directory's files, bounded. */
  candidate(dir: string, limits: EvidenceLimits): Promise<Candidate | null>;
  scratch(): Promise<Scratch>;
}

/** The run's files on this machine. */
export const RUN_FILES: RunFiles = { trial: readTrialEvidence, candidate: readCandidateForPage, scratch: () => TempScratch.open() };

class TempScratch implements Scratch {
  private fds: Record<ScratchFile, number> | null;

  private constructor(private readonly dir: string) {
    this.fds = { bodies: openSync(join(dir, 'bodies'), 'wx', 0o600), blobs: openSync(join(dir, 'blobs'), 'wx', 0o600) };
  }

  static async open(): Promise<TempScratch> {
    return new TempScratch(await mkdtemp(join(tmpdir(), 'trialgate-page-')));
  }

  write(file: ScratchFile, line: string): void {
    const bytes = Buffer.from(`${line}\n`);
    const fd = this.fds![file];
    for (let written = 0; written < bytes.length;) written += writeSync(fd, bytes, written, bytes.length - written);
  }

  close(): void {
    for (const fd of Object.values(this.fds ?? {})) closeSync(fd);
    this.fds = null;
  }

  lines(file: ScratchFile): AsyncIterable<string> {
    return createInterface({ input: createReadStream(join(this.dir, file), { encoding: 'utf8' }), crlfDelay: Infinity });
  }

  async remove(): Promise<void> {
    this.close();
    await rm(this.dir, { recursive: true, force: true });
  }
}
