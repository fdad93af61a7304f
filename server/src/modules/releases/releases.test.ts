import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUS_VERSION, CONTRACTS_VERSION } from '@registry/contracts/remotes';
import { remoteReleases } from '../../db/schema';
import type { Mail } from '../../mail/mailer';
import { startTestApp, type TestApp } from '../../testing/test-app';
import { engineCases } from '../../testing/test-databases';
import { writeRelease } from '../../testing/release-folders';
import { fileDigest } from './release-files';

const TOKEN = 'deploy-token-of-the-search-team-0123456789';

describe.each(engineCases)('releases of remotes on $engine', ({ open }) => {
  let t: TestApp;
  let releasesDir: string;
  const deploy = (
    app: FastifyInstance,
    method: 'GET' | 'POST',
    url: string,
    payload?: object,
    token: string | null = TOKEN,
  ) =>
    app.inject({
      method,
      url,
      headers: token === null ? {} : { authorization: `Bearer ${token}` },
      ...(payload ? { payload } : {}),
    });
  const entryOf = async (app: FastifyInstance, remote: string) =>
    (
      (await app.inject({ method: 'GET', url: '/remotes.json' })).json() as {
        remotes: Array<{ name: string; entry: string; version?: string }>;
      }
    ).remotes.find((each) => each.name === remote)!;

  beforeAll(async () => {
    releasesDir = await mkdtemp(path.join(tmpdir(), 'releases-'));
    t = await startTestApp(open, { DEPLOY_TOKEN: TOKEN, RELEASES_DIR: releasesDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(releasesDir, { recursive: true, force: true });
  });

  it('refuses a missing or forged deploy token with 401', async () => {
    for (const token of [null, 'deploy-token-of-the-search-team-0123456788', `${TOKEN}x`, '']) {
      const answer = await deploy(t.app, 'POST', '/api/admin/remotes/search', { version: null }, token);
      expect(answer.statusCode).toBe(401);
      expect(answer.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect((await deploy(t.app, 'GET', '/api/admin/remotes', undefined, null)).statusCode).toBe(401);
  });

  it('records a release only while its files hash to its version; an unknown version is 404', async () => {
    const version = await writeRelease(releasesDir, 'mfe-profile', 'v1', new Date());
    const recorded = await deploy(t.app, 'POST', '/api/admin/remotes/mfe-profile/releases', { version });
    expect(recorded.statusCode).toBe(201);
    expect(recorded.json()).toMatchObject({
      remote: 'profile',
      version,
      files: 3,
      build: { contracts: CONTRACTS_VERSION, bus: BUS_VERSION },
    });

    const tampered = await writeRelease(releasesDir, 'mfe-profile', 'v2', new Date());
    await writeFile(path.join(releasesDir, 'mfe-profile', tampered, 'remoteEntry.js'), 'alert(1)');
    const refused = await deploy(t.app, 'POST', '/api/admin/remotes/profile/releases', { version: tampered });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'RELEASE_CHANGED' });

    const unknown = await deploy(t.app, 'POST', '/api/admin/remotes/profile', {
      version: '0123456789ab-20260101000000',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await deploy(t.app, 'POST', '/api/admin/remotes/nope', { version: null })).statusCode).toBe(404);
  });

  it('switches every server on the database at once, rolls back, and serves releases as immutable', async () => {
    const v1 = await writeRelease(releasesDir, 'mfe-search', 'search v1', new Date(Date.now() - 1000));
    const v2 = await writeRelease(releasesDir, 'mfe-search', 'search v2', new Date());
    for (const version of [v1, v2])
      expect(
        (await deploy(t.app, 'POST', '/api/admin/remotes/mfe-search/releases', { version })).statusCode,
      ).toBe(201);
    const peer = await t.startPeer([] as Mail[]);
    try {
      const before = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      expect(before.headers['cache-control']).toBe('no-cache');
      const etag = before.headers.etag as string;
      expect(
        (await t.app.inject({ method: 'GET', url: '/remotes.json', headers: { 'if-none-match': etag } }))
          .statusCode,
      ).toBe(304);

      expect((await deploy(t.app, 'POST', '/api/admin/remotes/search', { version: v1 })).json()).toEqual({
        remote: 'search',
        live: v1,
        previous: null,
      });
      expect(
        (
          await deploy(t.app, 'POST', '/api/admin/remotes/search', { version: v2, expectedActive: v1 })
        ).json(),
      ).toMatchObject({ live: v2, previous: v1 });
      for (const app of [t.app, peer]) {
        expect(await entryOf(app, 'search')).toMatchObject({
          entry: `/releases/mfe-search/${v2}/remoteEntry.js`,
          version: v2,
          build: { contracts: CONTRACTS_VERSION, bus: BUS_VERSION },
          // The browser checks the entry against the digest recorded with the release.
          integrity: fileDigest(Buffer.from('console.log("search v2");')),
        });
      }
      const changed = await t.app.inject({
        method: 'GET',
        url: '/remotes.json',
        headers: { 'if-none-match': etag },
      });
      expect(changed.statusCode).toBe(200);

      const asset = await peer.inject({ method: 'GET', url: `/releases/mfe-search/${v2}/remoteEntry.js` });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log("search v2");');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');

      expect(
        (await deploy(peer, 'POST', '/api/admin/remotes/search', { rollback: true })).json(),
      ).toMatchObject({ live: v1, previous: v2 });
      for (const app of [t.app, peer]) expect((await entryOf(app, 'search')).version).toBe(v1);
      // The other remotes never moved.
      expect(await entryOf(t.app, 'cart_checkout')).toEqual({
        name: 'cart_checkout',
        entry: '/remotes/mfe-cart-checkout/remoteEntry.js',
      });

      const listed = (await deploy(t.app, 'GET', '/api/admin/remotes')).json() as {
        remotes: Array<{
          remote: string;
          live: string | null;
          releases: Array<{ version: string }>;
          history: Array<{ version: string | null }>;
        }>;
      };
      const search = listed.remotes.find((each) => each.remote === 'search')!;
      expect(search.live).toBe(v1);
      expect(search.releases.map((release) => release.version)).toEqual([v2, v1]);
      expect(search.history.map((entry) => entry.version)).toEqual([v1, v2, v1]);
    } finally {
      await peer.close();
    }
  });

  it('serves a canary to its share of browsers, each keeping its share, until it stops', async () => {
    const live = await writeRelease(releasesDir, 'mfe-cart-checkout', 'cart live', new Date());
    const candidate = await writeRelease(
      releasesDir,
      'mfe-cart-checkout',
      'cart candidate',
      new Date(Date.now() + 1000),
    );
    for (const version of [live, candidate])
      await deploy(t.app, 'POST', '/api/admin/remotes/cart_checkout/releases', { version });
    await deploy(t.app, 'POST', '/api/admin/remotes/cart_checkout', { version: live });
    const unknown = await deploy(t.app, 'POST', '/api/admin/remotes/cart_checkout/canary', {
      version: '0123456789ab-20260101000000',
      percent: 10,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (
        await deploy(t.app, 'POST', '/api/admin/remotes/cart_checkout/canary', {
          version: candidate,
          percent: 30,
        })
      ).json(),
    ).toEqual({ remote: 'cart_checkout', version: candidate, percent: 30, auto: null });

    const cartFor = async (cookie?: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/remotes.json',
        headers: cookie ? { cookie } : {},
      });
      const remotes = (answer.json() as { remotes: Array<{ name: string; version?: string }> }).remotes;
      return { version: remotes.find((each) => each.name === 'cart_checkout')!.version, answer };
    };
    expect((await cartFor('registry_canary=29')).version).toBe(candidate);
    expect((await cartFor('registry_canary=30')).version).toBe(live);
    expect((await cartFor('registry_canary=0')).version).toBe(candidate);

    // A new browser gets a bucket on its first read and the same answer every time after.
    const first = await cartFor();
    const bucket = first.answer.cookies.find((cookie) => cookie.name === 'registry_canary')!;
    expect(Number(bucket.value)).toBeGreaterThanOrEqual(0);
    expect(Number(bucket.value)).toBeLessThan(100);
    expect(bucket.httpOnly).toBe(true);
    for (let read = 0; read < 3; read += 1)
      expect((await cartFor(`registry_canary=${bucket.value}`)).version).toBe(first.version);
    expect(first.version).toBe(Number(bucket.value) < 30 ? candidate : live);

    const listed = (await deploy(t.app, 'GET', '/api/admin/remotes')).json() as {
      remotes: Array<{ remote: string; canary: object | null }>;
    };
    expect(listed.remotes.find((each) => each.remote === 'cart_checkout')!.canary).toEqual({
      version: candidate,
      percent: 30,
      auto: null,
      startedAt: expect.any(String),
    });

    await deploy(t.app, 'POST', '/api/admin/remotes/cart_checkout/canary', {
      version: candidate,
      percent: 0,
    });
    expect((await cartFor('registry_canary=0')).version).toBe(live);
  });

  it('lets one of two concurrent activations win and keeps the history', async () => {
    const a = await writeRelease(releasesDir, 'mfe-resolver', 'resolver a', new Date());
    const b = await writeRelease(releasesDir, 'mfe-resolver', 'resolver b', new Date(Date.now() + 1000));
    for (const version of [a, b])
      await deploy(t.app, 'POST', '/api/admin/remotes/resolver/releases', { version });
    const peer = await t.startPeer([]);
    try {
      const answers = await Promise.all([
        deploy(t.app, 'POST', '/api/admin/remotes/resolver', { version: a, expectedActive: null }),
        deploy(peer, 'POST', '/api/admin/remotes/resolver', { version: b, expectedActive: null }),
      ]);
      const statuses = answers.map((answer) => answer.statusCode).sort();
      expect(statuses).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.statusCode === 200)!.json().live as string;
      expect(answers.find((answer) => answer.statusCode === 409)!.json()).toMatchObject({
        code: 'ACTIVE_CHANGED',
      });
      const listed = (await deploy(t.app, 'GET', '/api/admin/remotes')).json() as {
        remotes: Array<{ remote: string; live: string; history: Array<{ version: string }> }>;
      };
      const resolver = listed.remotes.find((each) => each.remote === 'resolver')!;
      expect(resolver.live).toBe(winner);
      expect(resolver.history.map((entry) => entry.version)).toEqual([winner]);
      expect((await entryOf(peer, 'resolver')).version).toBe(winner);
    } finally {
      await peer.close();
    }
  });
});

describe.each(engineCases)('release files that cannot be swapped, on $engine', ({ open }) => {
  let t: TestApp;
  let releasesDir: string;
  const record = (version: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/remotes/mfe-profile/releases',
      headers: { authorization: `Bearer ${TOKEN}` },
      payload: { version },
    });
  const fetchFile = (version: string, file: string, encoding?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/releases/mfe-profile/${version}/${file}`,
      headers: encoding ? { 'accept-encoding': encoding } : {},
    });
  const refusedCount = async () => {
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    return Number(/^release_files_refused_total\{remote="profile"\} (\d+)$/m.exec(metrics)?.[1] ?? 0);
  };

  beforeAll(async () => {
    releasesDir = await mkdtemp(path.join(tmpdir(), 'releases-'));
    t = await startTestApp(open, { DEPLOY_TOKEN: TOKEN, RELEASES_DIR: releasesDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(releasesDir, { recursive: true, force: true });
  });

  it('serves a recorded file; one changed on disk is refused (5xx, counted) while the others are served', async () => {
    const version = await writeRelease(releasesDir, 'mfe-profile', 'kept', new Date(), {
      'page.js': Buffer.from('export const page = 1;'),
      'page.js.gz': gzipSync('export const page = 1;'),
    });
    const folder = path.join(releasesDir, 'mfe-profile', version);
    expect((await fetchFile(version, 'remoteEntry.js')).statusCode).toBe(404);
    expect((await record(version)).statusCode).toBe(201);
    const served = await fetchFile(version, 'remoteEntry.js');
    expect(served.statusCode).toBe(200);
    expect(served.body).toBe('console.log("kept");');

    const before = await refusedCount();
    await writeFile(path.join(folder, 'remoteEntry.js'), 'console.log("swapped");');
    const refused = await fetchFile(version, 'remoteEntry.js');
    expect(refused.statusCode).toBe(500);
    expect(refused.json()).toMatchObject({ code: 'RELEASE_FILE_CHANGED' });
    expect(refused.body).not.toContain('swapped');
    expect(await refusedCount()).toBe(before + 1);
    expect((await fetchFile(version, 'mf-manifest.json')).statusCode).toBe(200);
    expect((await fetchFile(version, 'page.js', 'gzip')).statusCode).toBe(200);

    // The compressed copy is what a browser gets: it is checked too.
    await writeFile(path.join(folder, 'page.js.gz'), gzipSync('alert(1);'));
    expect((await fetchFile(version, 'page.js', 'gzip')).statusCode).toBe(500);
    expect((await fetchFile(version, 'page.js')).statusCode).toBe(500);
    // A file put into the folder after the release was recorded is not served either.
    await writeFile(path.join(folder, 'added.js'), 'alert(1);');
    expect((await fetchFile(version, 'added.js')).statusCode).toBe(500);
    expect(await refusedCount()).toBe(before + 4);

    // The released bytes back in place: served again.
    await writeFile(path.join(folder, 'remoteEntry.js'), 'console.log("kept");');
    expect((await fetchFile(version, 'remoteEntry.js')).statusCode).toBe(200);
    expect((await fetchFile(version, 'nothing.js')).statusCode).toBe(404);
    expect((await fetchFile('0123456789ab-20260101000000', 'remoteEntry.js')).statusCode).toBe(404);
  });

  it('takes the digests of a release recorded before they were kept, when its folder still hashes to its version', async () => {
    const version = await writeRelease(releasesDir, 'mfe-profile', 'older', new Date(Date.now() + 5000));
    expect((await record(version)).statusCode).toBe(201);
    await t.database.db
      .update(remoteReleases)
      .set({ fileHashes: null })
      .where(eq(remoteReleases.version, version));
    const peer = await t.startPeer([]);
    try {
      expect(
        (await peer.inject({ method: 'GET', url: `/releases/mfe-profile/${version}/remoteEntry.js` }))
          .statusCode,
      ).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(remoteReleases)
        .where(eq(remoteReleases.version, version));
      expect(Object.keys(row!.fileHashes ?? {}).sort()).toEqual([
        'mf-manifest.json',
        'registry-build.json',
        'remoteEntry.js',
      ]);
      await writeFile(
        path.join(releasesDir, 'mfe-profile', version, 'remoteEntry.js'),
        'console.log("swapped");',
      );
      expect(
        (await peer.inject({ method: 'GET', url: `/releases/mfe-profile/${version}/remoteEntry.js` }))
          .statusCode,
      ).toBe(500);
    } finally {
      await peer.close();
    }
  });
});

describe('releases without a deploy token configured', () => {
  it('answer 404: deploys are off', async () => {
    const t = await startTestApp(engineCases[0]!.open);
    try {
      const answer = await t.app.inject({
        method: 'GET',
        url: '/api/admin/remotes',
        headers: { authorization: 'Bearer x' },
      });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'DEPLOYS_OFF' });
    } finally {
      await t.close();
    }
  });
});
