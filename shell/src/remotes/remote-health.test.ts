import { beforeEach, describe, expect, it } from 'vitest';
import { MAX_HEALTH_COUNT, MAX_HEALTH_ROWS, REMOTE_HEALTH_PATH } from '@registry/contracts/remote-health';
import { countRemote, remoteTried } from './remote-health';

/** What the page handed to `navigator.sendBeacon` (the browser sends it even as the page goes away). */
const beacons: Array<{ url: string; counts: Array<Record<string, unknown>> }> = [];
const sent: Array<{ url: string; body: Blob }> = [];
Object.defineProperty(navigator, 'sendBeacon', {
  configurable: true,
  value: (url: string, body: Blob) => sent.push({ url, body }) > 0,
});
const hide = async () => {
  dispatchEvent(new Event('pagehide'));
  for (const { url, body } of sent.splice(0)) {
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(body);
    });
    beacons.push({ url, ...(JSON.parse(text) as { counts: [] }) });
  }
};

beforeEach(async () => {
  await hide();
  beacons.length = 0;
});

describe("the shell's health counts of the remotes it runs", () => {
  it('counts by remote, version and kind, and sends them when the page is hidden', async () => {
    remoteTried(
      'search',
      'http://localhost/releases/mfe-search/0123456789ab-20261129000000/remoteEntry.js',
      '0123456789ab-20261129000000',
    );
    remoteTried('resolver', 'http://localhost/remotes/mfe-resolver/remoteEntry.js', undefined);
    countRemote('search', 'mount');
    countRemote('search', 'mount');
    countRemote('search', 'render-error');
    countRemote('resolver', 'load-failure');
    await hide();
    expect(beacons).toEqual([
      {
        url: REMOTE_HEALTH_PATH,
        counts: [
          { remote: 'search', version: '0123456789ab-20261129000000', kind: 'mount', count: 2 },
          { remote: 'search', version: '0123456789ab-20261129000000', kind: 'render-error', count: 1 },
          { remote: 'resolver', version: 'unreleased', kind: 'load-failure', count: 1 },
        ],
      },
    ]);
    // Sent once: a second hide has nothing new.
    await hide();
    expect(beacons).toHaveLength(1);
  });

  it("counts an uncaught error or rejection as a remote's only when it comes from that remote's files", async () => {
    remoteTried(
      'profile',
      'http://localhost/releases/mfe-profile/aaaaaaaaaaaa-20261129000000/remoteEntry.js',
      'aaaaaaaaaaaa-20261129000000',
    );
    const fromProfile =
      'http://localhost/releases/mfe-profile/aaaaaaaaaaaa-20261129000000/page-profile.1234.js';
    dispatchEvent(new ErrorEvent('error', { message: 'boom', filename: fromProfile }));
    dispatchEvent(new ErrorEvent('error', { message: 'not ours', filename: 'http://localhost/main.js' }));
    const rejection = new Event('unhandledrejection') as Event & { reason: unknown };
    rejection.reason = Object.assign(new Error('late'), { stack: `Error: late\n    at ${fromProfile}:1:20` });
    dispatchEvent(rejection);
    await hide();
    expect(beacons[0]?.counts).toEqual([
      { remote: 'profile', version: 'aaaaaaaaaaaa-20261129000000', kind: 'unhandled', count: 2 },
    ]);
  });

  it('keeps each report within the limits the server takes', async () => {
    remoteTried('search', 'http://localhost/remotes/mfe-search/remoteEntry.js', undefined);
    for (let i = 0; i < 80; i += 1) countRemote('search', 'mount');
    const kinds = ['mount', 'load-failure', 'render-error', 'unhandled'] as const;
    const remotes = ['search', 'cart_checkout', 'my_domains', 'profile', 'resolver'] as const;
    for (const remote of remotes) {
      remoteTried(
        remote,
        `http://localhost/releases/${remote}/bbbbbbbbbbbb-20261129000000/remoteEntry.js`,
        `bbbbbbbbbbbb-2026112900000${remotes.indexOf(remote)}`,
      );
      for (const kind of kinds) countRemote(remote, kind);
    }
    await hide();
    expect(beacons[0]!.counts).toHaveLength(MAX_HEALTH_ROWS);
    expect(beacons[0]!.counts.every((row) => (row.count as number) <= MAX_HEALTH_COUNT)).toBe(true);
    // What did not fit goes with the next report.
    await hide();
    expect(beacons[1]!.counts.length).toBeGreaterThan(0);
  });
});
