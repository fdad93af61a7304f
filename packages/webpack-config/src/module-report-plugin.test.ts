import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { afterAll, describe, expect, it } from 'vitest';
import { bytesByOwner, ModuleReportPlugin, ownerOfSource, REPORT_DIR } from './module-report-plugin.mjs';

const PACKAGE_MODULES = fileURLToPath(new URL('../node_modules', import.meta.url));

describe('ownerOfSource', () => {
  it('names npm packages, workspace packages, the runtime and the app', () => {
    expect(
      ownerOfSource(
        'webpack://registry_shell/./node_modules/.pnpm/react-dom@19/node_modules/react-dom/x.js',
        'shell',
      ),
    ).toBe('react-dom');
    expect(
      ownerOfSource(
        'webpack://r/./node_modules/.pnpm/@radix-ui+react-menu@2/node_modules/@radix-ui/react-menu/a.mjs',
        'shell',
      ),
    ).toBe('@radix-ui/react-menu');
    expect(ownerOfSource('webpack://registry_shell/../packages/ui/src/button.tsx', 'shell')).toBe(
      '@registry/ui',
    );
    expect(ownerOfSource('webpack://registry_shell/webpack/runtime/load script', 'shell')).toBe(
      'webpack runtime',
    );
    expect(ownerOfSource('webpack://registry_shell/./src/header.tsx', 'shell')).toBe('shell');
  });
});

describe('bytesByOwner', () => {
  it('gives each mapped run of characters to its source and the rest to webpack', () => {
    // Line 0: columns 0-3 from source 0, 4-9 from source 1; line 1: 3 unmapped characters, then source 0.
    const map = {
      sources: ['webpack://a/./node_modules/left-pad/index.js', 'webpack://a/./src/main.ts'],
      mappings: 'AAAA,ICAA;GDAA',
    };
    expect(bytesByOwner('aaaabbbbbb\ncccdd', map, 'app')).toEqual({
      'left-pad': 4 + 2,
      app: 6,
      'webpack (generated)': 3,
    });
  });
});

describe('ModuleReportPlugin in a production build', () => {
  const appDir = mkdtempSync(path.join(tmpdir(), 'module-report-'));
  afterAll(() => rmSync(appDir, { recursive: true, force: true }));

  it('reports every script by library and emits no source map', async () => {
    writeFileSync(
      path.join(appDir, 'entry.js'),
      "import { Buffer } from 'buffer';\ndocument.title = Buffer.from('report').toString('base64');\n",
    );
    const stats = await new Promise<webpack.Stats>((resolve, reject) =>
      webpack(
        {
          mode: 'production',
          context: appDir,
          entry: './entry.js',
          devtool: 'hidden-source-map',
          output: { path: path.join(appDir, 'dist'), filename: 'main.js' },
          resolve: { modules: [PACKAGE_MODULES, 'node_modules'] },
          plugins: [new ModuleReportPlugin({ appDir, report: 'app' })],
        },
        (error, result) => (error || !result ? reject(error) : resolve(result)),
      ),
    );
    expect(stats.hasErrors()).toBe(false);

    const emitted = readdirSync(path.join(appDir, 'dist'));
    expect(emitted).toContain('main.js');
    expect(emitted.filter((file) => file.endsWith('.map'))).toEqual([]);
    const report = JSON.parse(readFileSync(path.join(appDir, REPORT_DIR, 'app.json'), 'utf8'));
    const owners: Record<string, number> = report.files['dist/main.js'];
    expect(Object.keys(owners)).toEqual(
      expect.arrayContaining(['buffer', 'base64-js', 'ieee754', path.basename(appDir)]),
    );
    expect(owners.buffer).toBeGreaterThan(owners['base64-js']!);
    // Every character of the script but the line breaks is someone's.
    const code = readFileSync(path.join(appDir, 'dist', 'main.js'), 'utf8');
    const total = Object.values(owners).reduce((sum, count) => sum + count, 0);
    expect(total).toBe(code.length - code.split('\n').length + 1);
  }, 60_000);
});
