import { describe, expect, it } from 'vitest';
import { REMOTE_APPS } from '@registry/contracts/remotes';
import { routesOf } from '@registry/contracts/routes';

/** Each remote exposes exactly the pages the route manifest mounts from it. */
describe('route manifest', () => {
  it.each(REMOTE_APPS.map((app) => [app.name, app.folder] as const))(
    'matches the pages of %s',
    async (name, folder) => {
      const { pages } = (await import(`../${folder}/src/pages.tsx`)) as { pages: Record<string, unknown> };
      const manifestPages = new Set(routesOf(name).map((route) => route.page));
      expect(new Set(Object.keys(pages))).toEqual(manifestPages);
    },
  );
});
