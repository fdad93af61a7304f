// Writes which libraries each emitted script is made of, so the page figures can attribute the bytes a
// browser downloads to the shell, a remote or a shared library.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { decode } from '@jridgewell/sourcemap-codec';
import webpack from 'webpack';

/** The folder under an app where the reports go (beside dist/, never served). */
export const REPORT_DIR = 'build-report';

const WEBPACK_RUNTIME = 'webpack runtime';
const GENERATED = 'webpack (generated)';
const WORKSPACE_PACKAGE = /(?:^|[\\/])packages[\\/]([^\\/]+)[\\/]/;

/**
 * Who a source file belongs to: the npm package it comes from, a workspace package (`@registry/ui`),
 * webpack's runtime, or the app's own code (its folder name).
 */
export function ownerOfSource(source, appName) {
  const inPackages = source.split(/[\\/]node_modules[\\/]/);
  if (inPackages.length > 1) {
    const [scope, name] = inPackages.at(-1).split(/[\\/]/);
    // Module Federation writes its generated entries under node_modules/.federation/.
    if (scope.startsWith('.')) return '@module-federation (generated)';
    return scope.startsWith('@') ? `${scope}/${name}` : scope;
  }
  if (/(^|\/)webpack\/(runtime|bootstrap)/.test(source)) return WEBPACK_RUNTIME;
  const workspace = WORKSPACE_PACKAGE.exec(source);
  if (workspace) return `@registry/${workspace[1]}`;
  if (source.startsWith('webpack://') && !source.includes('/./')) return GENERATED;
  return appName;
}

/**
 * Characters of the minified script by owner, read from its source map: each mapped segment runs to
 * the next one; what maps to no source is code webpack wrote.
 */
export function bytesByOwner(code, map, appName) {
  const owners = map.sources.map((source) => ownerOfSource(source, appName));
  const lines = code.split('\n');
  const byOwner = {};
  const add = (owner, count) => {
    if (count > 0) byOwner[owner] = (byOwner[owner] ?? 0) + count;
  };
  decode(map.mappings).forEach((segments, lineIndex) => {
    const line = lines[lineIndex] ?? '';
    add(GENERATED, segments[0]?.[0] ?? line.length);
    segments.forEach((segment, index) => {
      const end = segments[index + 1]?.[0] ?? line.length;
      add(segment.length > 1 ? owners[segment[1]] : GENERATED, end - segment[0]);
    });
  });
  return byOwner;
}

/**
 * With production builds' hidden source maps (`devtool: 'hidden-source-map'`), writes
 * `build-report/<report>.json`: every emitted script (its path from the app's folder) → characters of
 * each owner in it. The maps themselves are not emitted: what the server sends is unchanged.
 */
export class ModuleReportPlugin {
  /** @param {{ appDir: string, report: string }} options */
  constructor({ appDir, report }) {
    this.appDir = appDir;
    this.report = report;
  }

  apply(compiler) {
    const appName = path.basename(this.appDir);
    compiler.hooks.thisCompilation.tap('ModuleReportPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'ModuleReportPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        (assets) => {
          const outputPath = compilation.outputOptions.path;
          const files = {};
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
            const mapAsset = assets[`${name}.map`];
            const code = String(assets[name].source());
            const byOwner = mapAsset
              ? bytesByOwner(code, JSON.parse(String(mapAsset.source())), appName)
              : { [GENERATED]: code.length };
            files[path.relative(this.appDir, path.join(outputPath, name)).split(path.sep).join('/')] =
              byOwner;
          }
          for (const name of Object.keys(assets)) if (name.endsWith('.map')) compilation.deleteAsset(name);
          const dir = path.join(this.appDir, REPORT_DIR);
          mkdirSync(dir, { recursive: true });
          writeFileSync(path.join(dir, `${this.report}.json`), `${JSON.stringify({ files }, null, 1)}\n`);
        },
      );
    });
  }
}
