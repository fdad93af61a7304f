import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { resolveRemotesManifest } from './remotes-manifest';

describe('where the shell finds the remotes', () => {
  it("defaults to this server's own builds", async () => {
    const manifest = await resolveRemotesManifest(loadConfig({}));
    expect(manifest.remotes).toEqual([
      { name: 'search', entry: '/remotes/mfe-search/remoteEntry.js' },
      { name: 'cart_checkout', entry: '/remotes/mfe-cart-checkout/remoteEntry.js' },
      { name: 'my_domains', entry: '/remotes/mfe-my-domains/remoteEntry.js' },
      { name: 'profile', entry: '/remotes/mfe-profile/remoteEntry.js' },
      { name: 'resolver', entry: '/remotes/mfe-resolver/remoteEntry.js' },
    ]);
  });

  it('takes a file first, and a REMOTE_URL_<NAME> variable over the file; an address of a manifest names the entry beside it', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'registry-remotes-'));
    const file = path.join(folder, 'remotes.json');
    await writeFile(
      file,
      JSON.stringify({
        remotes: [
          { name: 'search', entry: 'https://search.example/mf-manifest.json' },
          { name: 'profile', entry: 'https://profile.example/mf-manifest.json' },
          { name: 'resolver', entry: 'https://resolver.example/v2/remoteEntry.js' },
        ],
      }),
    );
    try {
      const manifest = await resolveRemotesManifest(
        loadConfig({
          REMOTES_FILE: file,
          REMOTE_URL_PROFILE: 'https://cdn.example/profile/mf-manifest.json',
        }),
      );
      const entries = Object.fromEntries(manifest.remotes.map((remote) => [remote.name, remote.entry]));
      expect(entries.search).toBe('https://search.example/remoteEntry.js');
      expect(entries.profile).toBe('https://cdn.example/profile/remoteEntry.js');
      expect(entries.resolver).toBe('https://resolver.example/v2/remoteEntry.js');
      expect(entries.my_domains).toBe('/remotes/mfe-my-domains/remoteEntry.js');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a file that names an unknown remote', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'registry-remotes-'));
    const file = path.join(folder, 'remotes.json');
    await writeFile(
      file,
      JSON.stringify({ remotes: [{ name: 'billing', entry: 'https://x/mf-manifest.json' }] }),
    );
    try {
      await expect(resolveRemotesManifest(loadConfig({ REMOTES_FILE: file }))).rejects.toThrow();
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
