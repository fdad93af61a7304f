import { writeSync } from 'node:fs';

export type LogDestination = { write(line: string): void };

/** Lines of these levels (error, fatal) go out at once: they may be the last the process writes. */
const URGENT = /^\{"level":(50|60),/;

/**
 * Standard output in blocks: lines gather for at most `flushMs` or `blockBytes`, then leave in one
 * write, and whatever is left leaves when the process exits. A system call per line cost a cached
 * route a sixth of its throughput on the bench's machine (pino's own buffered destinations measure
 * the byte length of the whole pending block on every line, which cost about as much).
 */
export function blockedStandardOutput({ flushMs = 100, blockBytes = 16_384 } = {}): LogDestination {
  let pending: string[] = [];
  let pendingLength = 0;
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (pending.length === 0) return;
    const block = pending.join('');
    pending = [];
    pendingLength = 0;
    try {
      writeSync(1, block);
    } catch {
      // Standard output closed (the reader went away): the lines are lost, the process goes on.
    }
  };
  process.on('exit', flush);
  return {
    write(line) {
      pending.push(line);
      pendingLength += line.length;
      if (pendingLength >= blockBytes || URGENT.test(line)) flush();
      else timer ??= setTimeout(flush, flushMs).unref();
    },
  };
}

let standardOutput: LogDestination | null = null;

/** The process's one blocked standard output: every server in the process writes through it, in order. */
export const sharedStandardOutput = () => (standardOutput ??= blockedStandardOutput());
