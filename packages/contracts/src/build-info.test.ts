import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUS_VERSION, buildSkew, CONTRACTS_VERSION } from './remotes';

const versionOf = (pkg: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../${pkg}/package.json`, import.meta.url), 'utf8')) as {
      version: string;
    }
  ).version;

describe('build versions', () => {
  it('are the versions of the contracts and bus packages (what every build writes into its build info)', () => {
    expect(CONTRACTS_VERSION).toBe(versionOf('contracts'));
    expect(BUS_VERSION).toBe(versionOf('bus'));
  });

  it('refuse a build of another major, and accept another minor or patch', () => {
    const [major] = CONTRACTS_VERSION.split('.').map(Number) as [number];
    expect(buildSkew({ contracts: `${major}.9.9`, bus: BUS_VERSION })).toBeNull();
    expect(buildSkew({ contracts: `${major + 1}.0.0`, bus: BUS_VERSION })).toBe(
      `it was built for contracts ${major + 1}.0.0; this app runs contracts ${CONTRACTS_VERSION}`,
    );
    expect(buildSkew({ contracts: CONTRACTS_VERSION, bus: '0.1.0' })).toMatch(
      /^it was built for event bus 0\.1\.0/,
    );
  });
});
