import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the build, without type declarations
import { SHELL_FRAME_MODULES, UNSHARED_CONTRACTS } from './shared-singletons.mjs';

const eager = SHELL_FRAME_MODULES as Set<string>;
const unshared = UNSHARED_CONTRACTS as Set<string>;

/** Workspace packages whose every file is a shared module of its own, and where their sources are. */
const PACKAGES: Record<string, string> = {
  '@registry/contracts/': fileURLToPath(new URL('../../contracts/src/', import.meta.url)),
  '@registry/ui/': fileURLToPath(new URL('../../ui/src/', import.meta.url)),
};

/** The modules of the same package a module imports (relative imports name them as `./x`). */
function siblingImportsOf(moduleName: string): string[] {
  const prefix = Object.keys(PACKAGES).find((each) => moduleName.startsWith(each))!;
  const base = `${PACKAGES[prefix]}${moduleName.slice(prefix.length)}`;
  const source = readFileSync(existsSync(`${base}.ts`) ? `${base}.ts` : `${base}.tsx`, 'utf8');
  return [...source.matchAll(/^(?:import|export)\s[^;]*?from '\.\/([\w-]+)';/gms)].map(
    ([, file]) => `${prefix}${file}`,
  );
}

describe("the shell frame's eager shared modules", () => {
  // An eager module cannot wait for a lazy one: the page would stop at RUNTIME-006 (loadShareSync).
  it('include every shared module of their package that they import', () => {
    const checked = [...eager].filter((name) =>
      Object.keys(PACKAGES).some((prefix) => name.startsWith(prefix)),
    );
    const missing = checked.flatMap((name) =>
      siblingImportsOf(name)
        .filter((imported) => !eager.has(imported) && !unshared.has(imported))
        .map((imported) => `${name} imports ${imported}`),
    );
    expect(missing).toEqual([]);
    expect(checked.length).toBeGreaterThan(10);
    expect(siblingImportsOf('@registry/ui/page-heading')).toContain('@registry/ui/app-link');
    expect(siblingImportsOf('@registry/contracts/orders')).toContain('@registry/contracts/status-codes');
  });
});
