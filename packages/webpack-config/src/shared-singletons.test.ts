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

const packageOf = (moduleName: string) => Object.keys(PACKAGES).find((each) => moduleName.startsWith(each));

function sourceOf(moduleName: string): string {
  const prefix = packageOf(moduleName)!;
  const base = `${PACKAGES[prefix]}${moduleName.slice(prefix.length)}`;
  return readFileSync(existsSync(`${base}.ts`) ? `${base}.ts` : `${base}.tsx`, 'utf8');
}

/** The modules of the same package a module imports (relative imports name them as `./x`). */
function siblingImportsOf(moduleName: string): string[] {
  const prefix = packageOf(moduleName)!;
  return [...sourceOf(moduleName).matchAll(/^(?:import|export)\s[^;]*?from '\.\/([\w-]+)';/gms)].map(
    ([, file]) => `${prefix}${file}`,
  );
}

describe("the shell frame's eager shared modules", () => {
  // An eager module cannot wait for a lazy one: the page would stop at RUNTIME-006 (loadShareSync).
  it('include every shared module of their package that they import', () => {
    const checked = [...eager].filter(packageOf);
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

  // The schema library is the largest piece a first load could do without: its answers are checked by
  // the compiled validators of answer-checks.ts instead.
  it('do not import the schema library at run time', () => {
    const runtimeZod = /^import\s(?!type\s)[^;]*?from 'zod(?:\/[\w-]+)?';/m;
    const withZod = [...eager].filter(packageOf).filter((name) => runtimeZod.test(sourceOf(name)));
    expect(withZod).toEqual([]);
    expect(runtimeZod.test(sourceOf('@registry/contracts/domains'))).toBe(true);
  });
});
