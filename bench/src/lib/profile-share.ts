import { readFileSync } from 'node:fs';

type ProfileNode = { id: number; callFrame: { functionName: string }; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

/** A stretch of time on the machine's monotonic clock, µs (the clock V8 stamps its samples with). */
export type Window = { startUs: number; endUs: number };

/** Now on the monotonic clock a `--cpu-prof` profile of any process on this machine is stamped with. */
export const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * The share of a process's busy main-thread samples, taken during `window`, that were in one of
 * `functions` or in what they called. Idle samples (the event loop waiting) do not count. Sampling
 * gives the share of a cost that is too small to tell apart as a difference of two loads: at a
 * sample a millisecond, ten seconds of load hold about 10,000 samples.
 */
export function shareInWindow(profileFile: string, window: Window, functions: string[]) {
  const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile;
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const wanted = new Set(functions);
  const within = new Map<number, boolean>();
  /** Whether a node is one of the functions or called (at any depth) by one. */
  const isWithin = (id: number): boolean => {
    const known = within.get(id);
    if (known !== undefined) return known;
    const parent = parentOf.get(id);
    const answer =
      wanted.has(nodes.get(id)!.callFrame.functionName) || (parent !== undefined && isWithin(parent));
    within.set(id, answer);
    return answer;
  };
  let time = profile.startTime;
  let busy = 0;
  let inside = 0;
  profile.samples.forEach((id, index) => {
    time += profile.timeDeltas[index]!;
    if (time < window.startUs || time > window.endUs) return;
    if (nodes.get(id)!.callFrame.functionName === '(idle)') return;
    busy += 1;
    if (isWithin(id)) inside += 1;
  });
  return { busySamples: busy, share: busy === 0 ? 0 : inside / busy };
}
