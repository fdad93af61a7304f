import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REMOTE_HEALTH_PATH, type RemoteHealthRow } from '@registry/contracts/remote-health';
import { writeRelease } from '../../testing/release-folders';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { engineCases } from '../../testing/test-databases';
import { createRemoteHealthService } from '../remote-health/service';
import { judgeCanary } from './canary-judge';

const TOKEN = 'deploy-token-of-the-canary-tests-0123456789';
const figures = (mounts: number, renderErrors = 0, loadFailures = 0) => ({
  mounts,
  renderErrors,
  loadFailures,
  unhandled: 0,
});
const settings = { windowSeconds: 60, minMounts: 100 };

describe('the canary judge', () => {
  it('stops a candidate clearly worse than live as soon as both have enough loads', () => {
    const verdict = judgeCanary({
      candidate: figures(100, 20),
      live: figures(400, 4),
      elapsedMs: 5_000,
      settings,
      refusedReports: 0,
    });
    expect(verdict.outcome).toBe('stop');
    expect(verdict.reason).toBe(
      'worse than live: error rate 20.0 % over 100 page loads against 1.0 % over 400 for the live version (z = 7.95)',
    );
    // Entry or chunk failures count as much as render errors; a flood of refused reports does not hold a stop.
    expect(
      judgeCanary({
        candidate: figures(90, 0, 30),
        live: figures(400, 4),
        elapsedMs: 5_000,
        settings,
        refusedReports: 500,
      }).outcome,
    ).toBe('stop');
  });

  it('waits while either side has too few loads, or the difference could be chance or is too small', () => {
    const wait = (
      candidate: ReturnType<typeof figures>,
      live: ReturnType<typeof figures>,
      elapsedMs = 5_000,
    ) => judgeCanary({ candidate, live, elapsedMs, settings, refusedReports: 0 }).outcome;
    expect(wait(figures(99, 99), figures(1000))).toBe('wait');
    expect(wait(figures(1000, 300), figures(99))).toBe('wait');
    expect(wait(figures(100, 3), figures(100, 1))).toBe('wait');
    // Significant with a million loads, but 0.2 points worse: not worth a rollback.
    expect(wait(figures(1_000_000, 3000), figures(1_000_000, 1000), 60_000)).toBe('promote');
  });

  it('promotes a candidate that ran its window with enough loads and is not worse, unless reports were refused', () => {
    const healthy = { candidate: figures(150, 1), live: figures(150, 1), settings };
    expect(judgeCanary({ ...healthy, elapsedMs: 59_999, refusedReports: 0 }).outcome).toBe('wait');
    const promoted = judgeCanary({ ...healthy, elapsedMs: 60_000, refusedReports: 0 });
    expect(promoted).toEqual({
      outcome: 'promote',
      reason:
        'healthy for 60 s: error rate 0.7 % over 150 page loads against 0.7 % over 150 for the live version',
    });
    expect(judgeCanary({ ...healthy, elapsedMs: 600_000, refusedReports: 3 })).toMatchObject({
      outcome: 'wait',
      reason: expect.stringContaining('3 health reports were refused'),
    });
  });
});

describe.each(engineCases)('auto canaries on $engine', ({ open }) => {
  let t: TestApp;
  let releasesDir: string;
  let address = 0;
  const deploy = (app: FastifyInstance, method: 'GET' | 'POST', url: string, payload?: object) =>
    app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${TOKEN}` },
      ...(payload ? { payload } : {}),
    });
  const report = (counts: RemoteHealthRow[]) =>
    t.app.inject({
      method: 'POST',
      url: REMOTE_HEALTH_PATH,
      remoteAddress: `10.1.0.${++address}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ counts }),
    });
  const listing = async () =>
    (
      (await deploy(t.app, 'GET', '/api/admin/remotes')).json() as {
        remotes: Array<{
          remote: string;
          live: string | null;
          canary: { version: string; percent: number } | null;
          decisions: Array<{ version: string; outcome: string; reason: string }>;
          history: Array<{ version: string | null; actor: string }>;
        }>;
      }
    ).remotes.find((each) => each.remote === 'profile')!;

  async function releaseLiveAndCandidate(label: string) {
    const live = await writeRelease(releasesDir, 'mfe-profile', `${label} live`, new Date(Date.now() - 1000));
    const candidate = await writeRelease(releasesDir, 'mfe-profile', `${label} candidate`, new Date());
    for (const version of [live, candidate])
      expect(
        (await deploy(t.app, 'POST', '/api/admin/remotes/profile/releases', { version })).statusCode,
      ).toBe(201);
    expect((await deploy(t.app, 'POST', '/api/admin/remotes/profile', { version: live })).statusCode).toBe(
      200,
    );
    return { live, candidate };
  }

  beforeAll(async () => {
    releasesDir = await mkdtemp(path.join(tmpdir(), 'canaries-'));
    t = await startTestApp(open, { DEPLOY_TOKEN: TOKEN, RELEASES_DIR: releasesDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(releasesDir, { recursive: true, force: true });
  });

  it('stops a candidate that fails where live does not, and records why; browsers get live again', async () => {
    const { live, candidate } = await releaseLiveAndCandidate('failing');
    const started = await deploy(t.app, 'POST', '/api/admin/remotes/profile/canary', {
      version: candidate,
      percent: 50,
      auto: { windowSeconds: 600, minMounts: 20 },
    });
    expect(started.json()).toMatchObject({ percent: 50, auto: { windowSeconds: 600, minMounts: 20 } });
    await report([
      { remote: 'profile', version: live, kind: 'mount', count: 25 },
      { remote: 'profile', version: candidate, kind: 'mount', count: 25 },
    ]);
    await t.app.canaryWork.round();
    expect((await listing()).canary?.version).toBe(candidate);

    await report([{ remote: 'profile', version: candidate, kind: 'render-error', count: 20 }]);
    await t.app.canaryWork.round();
    const after = await listing();
    expect(after.canary).toBeNull();
    expect(after.live).toBe(live);
    expect(after.decisions[0]).toEqual({
      version: candidate,
      outcome: 'stopped',
      reason: expect.stringMatching(
        /^worse than live: error rate 80\.0 % over 25 page loads against 0\.0 % over 25/,
      ),
      decidedAt: expect.any(String),
    });
    for (let bucket = 0; bucket < 100; bucket += 10) {
      const list = await t.app.inject({
        method: 'GET',
        url: '/remotes.json',
        headers: { cookie: `registry_canary=${bucket}` },
      });
      expect((list.json() as { remotes: Array<{ name: string; version?: string }> }).remotes).toContainEqual(
        expect.objectContaining({ name: 'profile', version: live }),
      );
    }
  });

  it('makes a healthy candidate live after its window, as the canary judge in the history', async () => {
    const { live, candidate } = await releaseLiveAndCandidate('healthy');
    await deploy(t.app, 'POST', '/api/admin/remotes/profile/canary', {
      version: candidate,
      percent: 50,
      auto: { windowSeconds: 10, minMounts: 20 },
    });
    await report([
      { remote: 'profile', version: live, kind: 'mount', count: 30 },
      { remote: 'profile', version: candidate, kind: 'mount', count: 30 },
      { remote: 'profile', version: candidate, kind: 'unhandled', count: 1 },
    ]);
    await t.app.canaryWork.round();
    expect((await listing()).canary?.version).toBe(candidate);
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await t.app.canaryWork.round();
    const after = await listing();
    expect(after.canary).toBeNull();
    expect(after.live).toBe(candidate);
    expect(after.history[0]).toMatchObject({ version: candidate, actor: 'canary-judge' });
    expect(after.decisions[0]).toMatchObject({
      version: candidate,
      outcome: 'promoted',
      reason: expect.stringMatching(/^healthy for 10 s: error rate 3\.3 % over 30 page loads/),
    });
  }, 30_000);

  it('leaves a canary without --auto, or one a person replaced, to people', async () => {
    const { live, candidate } = await releaseLiveAndCandidate('by hand');
    await deploy(t.app, 'POST', '/api/admin/remotes/profile/canary', { version: candidate, percent: 50 });
    await report([
      { remote: 'profile', version: live, kind: 'mount', count: 50 },
      { remote: 'profile', version: candidate, kind: 'mount', count: 50 },
      { remote: 'profile', version: candidate, kind: 'load-failure', count: 50 },
    ]);
    await t.app.canaryWork.round();
    expect((await listing()).canary).toMatchObject({ version: candidate, percent: 50 });
    await deploy(t.app, 'POST', '/api/admin/remotes/profile/canary', { version: candidate, percent: 0 });
  });
});

describe.each(engineCases)('the overall allowance of health reports on $engine', ({ open }) => {
  it('refuses reports beyond the minute’s allowance, whoever sends them, and counts the refusals', async () => {
    const database = await open();
    let now = Date.UTC(2026, 10, 29, 10, 0, 5);
    let refusals = 0;
    const health = createRemoteHealthService({
      db: database.db,
      recordedVersions: async () => new Map(),
      maxReportsPerMinute: 3,
      observe: () => undefined,
      observeRefused: () => void (refusals += 1),
      clock: () => now,
    });
    try {
      expect([1, 2, 3, 4, 5].map(() => health.admit())).toEqual([true, true, true, false, false]);
      await health.flush();
      expect(await health.refusedSince(new Date(now))).toBe(2);
      expect(refusals).toBe(2);
      now += 60_000;
      expect(health.admit()).toBe(true);
    } finally {
      await database.close();
    }
  });
});
