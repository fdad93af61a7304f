import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A process that writes through blockedStandardOutput as the script says; its output, split by time. */
async function run(
  script: string,
): Promise<{ lines: Array<{ receivedAt: number; text: string }>; code: number | null }> {
  const module = path.join(import.meta.dirname, 'log-output.ts');
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { blockedStandardOutput } from ${JSON.stringify(module)};\n${script}`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines: Array<{ receivedAt: number; text: string }> = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const receivedAt = Date.now();
    for (const text of chunk.split('\n').filter(Boolean)) lines.push({ receivedAt, text });
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { lines, code };
}

describe('standard output in blocks', () => {
  it('writes every line, in order, by the time the process exits', async () => {
    const { lines, code } = await run(`
      const out = blockedStandardOutput({ flushMs: 10_000 });
      for (let i = 0; i < 1000; i += 1) out.write(JSON.stringify({ level: 30, i }) + '\\n');
    `);
    expect(code).toBe(0);
    expect(lines.map((line) => JSON.parse(line.text).i)).toEqual([...Array(1000).keys()]);
  });

  it('copies lines said to be ASCII as they are, beside lines in UTF-8, across blocks', async () => {
    const { lines, code } = await run(`
      const out = blockedStandardOutput({ flushMs: 10_000, blockBytes: 256 });
      for (let i = 0; i < 50; i += 1) {
        out.write(JSON.stringify({ level: 30, i, url: '/r/plain.hbar' }) + '\\n', true);
        out.write(JSON.stringify({ level: 30, i, url: '/r/café-✓.hbar' }) + '\\n');
      }
    `);
    expect(code).toBe(0);
    expect(lines.map((line) => JSON.parse(line.text).url)).toEqual(
      Array.from({ length: 50 }, () => ['/r/plain.hbar', '/r/café-✓.hbar']).flat(),
    );
  });

  it('writes the lines of a process that dies of an uncaught exception', async () => {
    const { lines, code } = await run(`
      const out = blockedStandardOutput({ flushMs: 10_000 });
      out.write('{"level":30,"msg":"before"}\\n');
      setTimeout(() => { throw new Error('boom'); }, 10);
    `);
    expect(code).not.toBe(0);
    expect(lines.map((line) => line.text)).toEqual(['{"level":30,"msg":"before"}']);
  });

  it('lets an idle process’s lines out within flushMs, and an error line at once', async () => {
    // Each line says when it was written: its delay is read from there, not from the process's start
    // (which a loaded machine can stretch by more than the delays checked).
    const { lines } = await run(`
      const out = blockedStandardOutput({ flushMs: 300 });
      out.write(JSON.stringify({ level: 30, msg: 'info', writtenAt: Date.now() }) + '\\n');
      setTimeout(() => out.write(JSON.stringify({ level: 50, msg: 'error', writtenAt: Date.now() }) + '\\n'), 1000);
      setTimeout(() => process.exit(0), 1500);
    `);
    const delayOf = (msg: string) => {
      const line = lines.find((each) => each.text.includes(`"${msg}"`))!;
      const { writtenAt } = JSON.parse(line.text) as { writtenAt: number };
      return { delay: line.receivedAt - writtenAt, receivedAt: line.receivedAt, writtenAt };
    };
    const info = delayOf('info');
    const error = delayOf('error');
    // The info line waited for the block's timer (300 ms), not for the error line a second later.
    expect(info.delay).toBeGreaterThanOrEqual(250);
    expect(info.receivedAt).toBeLessThan(error.writtenAt);
    expect(error.delay).toBeLessThan(200);
  });
});
