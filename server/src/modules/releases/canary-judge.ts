import { REMOTE_APPS } from '@registry/contracts/remotes';
import { UNRELEASED_VERSION } from '@registry/contracts/remote-health';
import type { HealthFigures } from '../remote-health/service';
import type { CanaryAuto } from './repo';
import type { ReleaseService } from './service';

/** One-sided z above which a candidate's error rate is worse than live's by more than chance (p < 0.001). */
export const WORSE_Z = 3.09;
/** And worse by at least this much: with many loads, a tiny difference is not worth a rollback. */
export const WORSE_MARGIN = 0.005;

/** Page loads of a version (mounted, or failed to load) and those that went wrong. */
export function loadsAndErrors(figures: HealthFigures) {
  const loads = figures.mounts + figures.loadFailures;
  const errors = Math.min(loads, figures.loadFailures + figures.renderErrors + figures.unhandled);
  return { loads, errors, rate: loads === 0 ? 0 : errors / loads };
}

/** Two-proportion z of the candidate's error rate over live's (0 when neither had an error). */
function worseZ(candidate: ReturnType<typeof loadsAndErrors>, live: ReturnType<typeof loadsAndErrors>) {
  const pooled = (candidate.errors + live.errors) / (candidate.loads + live.loads);
  const spread = Math.sqrt(pooled * (1 - pooled) * (1 / candidate.loads + 1 / live.loads));
  if (spread === 0) return candidate.rate > live.rate ? Infinity : 0;
  return (candidate.rate - live.rate) / spread;
}

export type CanaryVerdict = { outcome: 'stop' | 'promote' | 'wait'; reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;

/**
 * The decision on a canary: stopped once both versions have enough loads and the candidate's error rate
 * is worse than live's by a margin unlikely by chance; made live once it has run its window with enough
 * loads and is not worse. Never promoted while health reports are being refused (a flood could be
 * hiding its errors among made-up mounts): then it waits.
 */
export function judgeCanary(input: {
  candidate: HealthFigures;
  live: HealthFigures;
  elapsedMs: number;
  settings: CanaryAuto;
  refusedReports: number;
}): CanaryVerdict {
  const candidate = loadsAndErrors(input.candidate);
  const live = loadsAndErrors(input.live);
  const { minMounts, windowSeconds } = input.settings;
  const enough = candidate.loads >= minMounts && live.loads >= minMounts;
  const z = enough ? worseZ(candidate, live) : 0;
  const compared = `error rate ${percent(candidate.rate)} over ${candidate.loads} page loads against ${percent(live.rate)} over ${live.loads} for the live version`;
  if (enough && z >= WORSE_Z && candidate.rate - live.rate >= WORSE_MARGIN)
    return {
      outcome: 'stop',
      reason: `worse than live: ${compared} (z = ${Number.isFinite(z) ? z.toFixed(2) : '∞'})`,
    };
  if (input.elapsedMs < windowSeconds * 1000)
    return { outcome: 'wait', reason: `watching for ${windowSeconds} s: ${compared}` };
  if (!enough) return { outcome: 'wait', reason: `waiting for ${minMounts} page loads of each: ${compared}` };
  if (input.refusedReports > 0)
    return {
      outcome: 'wait',
      reason: `${input.refusedReports} health reports were refused by the limits in the last window: not promoted while they are`,
    };
  return { outcome: 'promote', reason: `healthy for ${windowSeconds} s: ${compared}` };
}

type Deps = {
  releases: ReleaseService;
  health: {
    figures(remote: string, version: string, since: Date): Promise<HealthFigures>;
    refusedSince(since: Date): Promise<number>;
  };
  /** Whether this server decides now (one server at a time holds the lease). */
  leads: () => Promise<boolean>;
  log: (line: string, details: object) => void;
  clock?: () => number;
};

/** Judges every canary that runs with `--auto`, and tells each remote's health for `--status`. */
export function createCanaryJudge({ releases, health, leads, log, clock = Date.now }: Deps) {
  return {
    /** One round: each auto canary judged, stopped or promoted with its reason recorded. */
    async round() {
      if (!(await leads())) return;
      const { canaries, live } = await releases.current();
      for (const canary of canaries) {
        if (!canary.auto) continue;
        const liveVersion = live.get(canary.remote) ?? UNRELEASED_VERSION;
        const now = clock();
        const lastWindow = new Date(
          Math.max(canary.startedAt.getTime(), now - canary.auto.windowSeconds * 1000),
        );
        const [candidate, liveFigures, refusedReports] = await Promise.all([
          health.figures(canary.remote, canary.version, canary.startedAt),
          health.figures(canary.remote, liveVersion, canary.startedAt),
          health.refusedSince(lastWindow),
        ]);
        const verdict = judgeCanary({
          candidate,
          live: liveFigures,
          elapsedMs: now - canary.startedAt.getTime(),
          settings: canary.auto,
          refusedReports,
        });
        if (verdict.outcome === 'wait') continue;
        const decided = await releases.decideCanary({
          remote: canary.remote,
          version: canary.version,
          outcome: verdict.outcome === 'stop' ? 'stopped' : 'promoted',
          reason: verdict.reason,
          figures: { candidate, live: { version: liveVersion, ...liveFigures } },
        });
        if (decided) log('canary decided', { remote: canary.remote, version: canary.version, ...verdict });
      }
    },

    /** Each remote's live and canary versions with what browsers reported of them since the canary began (else the last hour). */
    async status() {
      const { canaries, live } = await releases.current();
      return Promise.all(
        REMOTE_APPS.map(async ({ name }) => {
          const canary = canaries.find((each) => each.remote === name) ?? null;
          const since = canary?.startedAt ?? new Date(clock() - 60 * 60 * 1000);
          const liveVersion = live.get(name) ?? UNRELEASED_VERSION;
          const withRates = (figures: HealthFigures) => ({ ...figures, ...loadsAndErrors(figures) });
          return {
            remote: name,
            since: since.toISOString(),
            live: { version: liveVersion, ...withRates(await health.figures(name, liveVersion, since)) },
            canary: canary
              ? {
                  version: canary.version,
                  percent: canary.percent,
                  auto: canary.auto,
                  ...withRates(await health.figures(name, canary.version, since)),
                }
              : null,
          };
        }),
      );
    },
  };
}
export type CanaryJudge = ReturnType<typeof createCanaryJudge>;
