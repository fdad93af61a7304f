import HtmlWebpackPlugin from 'html-webpack-plugin';
import webpack from 'webpack';

/**
 * What a page needs before it can show anything, written beside the build as `first-load.json` so the
 * server can name those files in the first HTML it sends (preloads) instead of the browser finding
 * them one round trip after another.
 *
 * - The shell: the files of its `./bootstrap` chunk group (also written into its own HTML as preloads)
 *   and, for every module it provides to remotes, the files that module loads from.
 * - A remote: the files of its exposed `./pages` module and, for each page, the files of the chunk
 *   group named `page-<key>` (`import(/* webpackChunkName: "page-search" *\/ …)`) with the share keys
 *   its modules take from the shell.
 */
export const FIRST_LOAD_FILE = 'first-load.json';
/**
 * V8's explicit compile hint (Chrome 136 on): every function of a file that starts with it is compiled
 * while the file downloads, on a background thread, instead of on the main thread when first called.
 * Given to the files a page runs before it shows anything, whose functions mostly run then.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const PAGE_CHUNK = /^page-(.+)$/;

const filesOf = (group) => group.getFiles().filter((file) => /\.(js|css)$/.test(file));

function sharedKeysOf(compilation, group) {
  const keys = new Set();
  for (const chunk of group.chunks)
    for (const module of compilation.chunkGraph.getChunkModulesIterable(chunk))
      if (module.constructor.name === 'ConsumeSharedModule' && module.options?.shareKey)
        keys.add(module.options.shareKey);
  return [...keys].sort();
}

function shellFirstLoad(compilation) {
  const bootstrap = compilation.chunkGroups.find((group) =>
    group.origins.some((origin) => origin.request === './bootstrap'),
  );
  const shared = {};
  for (const group of compilation.chunkGroups)
    for (const origin of group.origins)
      if (origin.module?.constructor.name === 'ProvideSharedModule' && origin.module._name)
        shared[origin.module._name] = filesOf(group);
  return { bootstrap: bootstrap ? filesOf(bootstrap) : [], shared };
}

function remoteFirstLoad(compilation) {
  const expose = compilation.chunkGroups.find((group) =>
    group.origins.some((origin) => origin.module?.constructor.name === 'ContainerEntryModule'),
  );
  const pages = {};
  for (const group of compilation.chunkGroups) {
    const key = PAGE_CHUNK.exec(group.name ?? '')?.[1];
    if (key) pages[key] = { files: filesOf(group), shared: sharedKeysOf(compilation, group) };
  }
  return {
    expose: expose ? { files: filesOf(expose), shared: sharedKeysOf(compilation, expose) } : null,
    pages,
  };
}

export class FirstLoadPlugin {
  /** @param {{ kind: 'host' | 'remote' }} options */
  constructor({ kind }) {
    this.kind = kind;
  }

  /** The entry's files and every file `first-load.json` names. */
  #firstLoadFiles(compilation) {
    const files = new Set();
    for (const chunk of compilation.chunks)
      if (chunk.canBeInitial() || chunk.hasRuntime()) for (const file of chunk.files) files.add(file);
    if (this.kind === 'host') {
      const { bootstrap, shared } = shellFirstLoad(compilation);
      for (const file of [...bootstrap, ...Object.values(shared).flat()]) files.add(file);
    } else {
      const { expose, pages } = remoteFirstLoad(compilation);
      for (const part of [expose, ...Object.values(pages)])
        for (const file of part?.files ?? []) files.add(file);
    }
    return files;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('FirstLoadPlugin', (compilation) => {
      // After minifying (which drops comments), before the source maps and content hashes are made.
      compilation.hooks.processAssets.tap(
        { name: 'FirstLoadPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1 },
        () => {
          for (const file of this.#firstLoadFiles(compilation))
            if (file.endsWith('.js') && compilation.getAsset(file))
              compilation.updateAsset(
                file,
                (source) => new webpack.sources.ConcatSource(`${COMPILE_HINT}\n`, source),
              );
        },
      );
      compilation.hooks.processAssets.tap(
        { name: 'FirstLoadPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const firstLoad = this.kind === 'host' ? shellFirstLoad(compilation) : remoteFirstLoad(compilation);
          compilation.emitAsset(FIRST_LOAD_FILE, new webpack.sources.RawSource(JSON.stringify(firstLoad)));
        },
      );
      if (this.kind !== 'host') return;
      // The shell's own page fetches its bootstrap files with main.js, not after running it.
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('FirstLoadPlugin', (data) => {
        const publicPath =
          compilation.outputOptions.publicPath === 'auto' ? '' : compilation.outputOptions.publicPath;
        for (const file of shellFirstLoad(compilation).bootstrap) {
          const href = `${publicPath}${file}`;
          data.headTags.push(
            HtmlWebpackPlugin.createHtmlTagObject(
              'link',
              file.endsWith('.css') ? { rel: 'stylesheet', href } : { rel: 'preload', as: 'script', href },
            ),
          );
        }
        return data;
      });
    });
  }
}
