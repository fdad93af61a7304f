import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const BIN = fileURLToPath(new URL('../../bin/local-ledger.mjs', import.meta.url));

/** Every port the command opens, each a free one. */
export const FREE_PORTS = [
  '--port',
  '0',
  '--grpc-port',
  '0',
  '--mirror-port',
  '0',
  '--mirror-grpc-port',
  '0',
];

export type RunningLedger = { child: ChildProcess; origin: string; output: () => string };

/** Starts `npx local-ledger` with `args`; resolves once it says where it listens. */
export async function startCommand(args: string[]): Promise<RunningLedger> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const origin = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Local ledger on (http:\/\/\S+)[\s\S]*\(development only\): \S+\n/.exec(output);
      if (match) resolve(match[1]!);
    });
    child.stderr!.on('data', (chunk: Buffer) => void (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`local-ledger exited with ${code}: ${output}`)));
  });
  return { child, origin, output: () => output };
}

/** Stops the command and waits until it has let its ports go. */
export async function stopCommand(ledger: RunningLedger | undefined): Promise<void> {
  if (!ledger || ledger.child.exitCode !== null) return;
  const exited = new Promise((resolve) => ledger.child.once('exit', resolve));
  ledger.child.kill('SIGTERM');
  await exited;
}
