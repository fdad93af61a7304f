import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/** A process that writes through blockedStandardOutput as the script says; its output, split by time. */
async function run(
  script: string,
): Promise<{ lines: Array<{ at: number; text: string }>; code: number | null }> {
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
  const started = Date.now();
  const lines: Array<{ at: number; text: string }> = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    for (const text of chunk.split('\n').filter(Boolean)) lines.push({ at: Date.now() - started, text });
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
    const { lines } = await run(`
      const out = blockedStandardOutput({ flushMs: 300 });
      out.write('{"level":30,"msg":"info"}\\n');
      setTimeout(() => out.write('{"level":50,"msg":"error"}\\n'), 1000);
      setTimeout(() => process.exit(0), 1500);
    `);
    const info = lines.find((line) => line.text.includes('"info"'))!;
    const error = lines.find((line) => line.text.includes('"error"'))!;
    expect(info.at).toBeLessThan(error.at - 400);
    expect(error.at).toBeLessThan(1400);
  });
});
