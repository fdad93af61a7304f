import { writeSync } from 'node:fs';

/** Where log lines go; `ascii`: the caller knows the line holds nothing above 0x7f. */
export type LogDestination = { write(line: string, ascii?: boolean): void };

/** Lines of these levels (error, fatal) go out at once: they may be the last the process writes. */
const URGENT = /^\{"level":(50|60),/;

/**
 * Standard output in blocks: lines gather for at most `flushMs` or `blockBytes`, then leave in one
 * write, and whatever is left leaves when the process exits. A system call per line cost a cached
 * route a sixth of its throughput on the bench's machine (pino's own buffered destinations measure
 * the byte length of the whole pending block on every line, which cost about as much).
 *
 * Each line is copied into one buffer as it comes, so no line outlives its request: lines held as
 * strings until their block left were still alive when the young generation was collected, and cost
 * that collection their copying.
 */
export function blockedStandardOutput({ flushMs = 100, blockBytes = 16_384 } = {}): LogDestination {
  const block = Buffer.allocUnsafe(blockBytes);
  let used = 0;
  let timer: NodeJS.Timeout | null = null;
  const writeOut = (bytes: Uint8Array) => {
    try {
      writeSync(1, bytes);
    } catch {
      // Standard output closed (the reader went away): the lines are lost, the process goes on.
    }
  };
  const flush = () => {
    if (used === 0) return;
    writeOut(block.subarray(0, used));
    used = 0;
  };
  const flushOnTime = () => {
    timer = null;
    flush();
  };
  process.on('exit', flush);
  return {
    write(line, ascii = false) {
      // Three bytes at most per UTF-16 unit: a line that might not fit goes after the block.
      const mostBytes = ascii ? line.length : line.length * 3;
      if (used + mostBytes > blockBytes) {
        flush();
        if (mostBytes > blockBytes) {
          writeOut(Buffer.from(line));
          return;
        }
      }
      // ASCII is copied byte for byte, without UTF-8's encoding.
      used += block.write(line, used, ascii ? 'latin1' : 'utf8');
      if (URGENT.test(line)) flush();
      // Not cleared when the block fills first: when it fires it finds the next block, or nothing.
      else timer ??= setTimeout(flushOnTime, flushMs).unref();
    },
  };
}

let standardOutput: LogDestination | null = null;

/** The process's one blocked standard output: every server in the process writes through it, in order. */
export const sharedStandardOutput = () => (standardOutput ??= blockedStandardOutput());
