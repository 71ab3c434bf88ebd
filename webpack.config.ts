import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CopyWebpackPlugin from 'copy-webpack-plugin';
import zlib from 'node:zlib';
import reactRefreshTypeScript from 'react-refresh-typescript';
import { BannerPlugin, Compilation, sources, type Compiler, type Configuration } from 'webpack';

/**
 * Writes .br and .gz twins of the text assets (JS, CSS, SVG...) next to them,
 * so the server sends them compressed without compressing on every request
 * (@fastify/static `preCompressed`). Source maps and tiny files are left alone.
 */
class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const [name, asset] of Object.entries(assets)) {
            if (!/\.(js|css|svg|txt|json|webmanifest)$/.test(name)) continue;
            const buffer = asset.buffer();
            if (buffer.length < 1024) continue;
            compilation.emitAsset(`${name}.gz`, new sources.RawSource(zlib.gzipSync(buffer, { level: 9 })));
            compilation.emitAsset(
              `${name}.br`,
              new sources.RawSource(zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })),
            );
          }
        },
      );
    });
  }
}

/**
 * Writes route-chunks.json: for each lazy page of the public site (the chunks
 * named site-*, client/site/site-routes.tsx), the script and style files it
 * loads beyond the main entry's. The server names them in that page's HTML
 * (`<link rel=preload>`, server/spa/route-chunks.ts), so they download beside
 * the main script instead of after it has run. Written once the file names
 * carry their final content hashes.
 */
class RouteChunksPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'RouteChunksPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 }, () => {
        const loaded = new Set(compilation.entrypoints.get('main')?.getFiles() ?? []);
        const pages: Record<string, string[]> = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          if (!name.startsWith('site-')) continue;
          pages[name] = group.getFiles().filter((file) => /\.(js|css)$/.test(file) && !loaded.has(file));
        }
        compilation.emitAsset('route-chunks.json', new sources.RawSource(JSON.stringify(pages)));
      });
    });
  }
}

// TinyMCE, self-hosted (requirements §10): only the files the rich-text editor loads, under /tinymce/,
// fetched by the browser when an admin opens a text cell. Plugins as in publications/layout-editor/rich-text-editor.tsx.
const TINYMCE_FILES = [
  'tinymce.min.js',
  'license.md',
  'themes/silver/theme.min.js',
  'models/dom/model.min.js',
  'icons/default/icons.min.js',
  'skins/ui/oxide/skin.min.css',
  'skins/ui/oxide/content.min.css',
  'skins/content/default/content.min.css',
  ...['autolink', 'link', 'lists', 'table', 'image'].map((plugin) => `plugins/${plugin}/plugin.min.js`),
];
// Already minified: `minimized` keeps Terser from doing it again.
const tinymceCopies = [
  ...TINYMCE_FILES.map((file) => ({ from: `node_modules/tinymce/${file}`, to: `tinymce/${file}`, info: { minimized: true } })),
  { from: 'vendor/tinymce-i18n/es.js', to: 'tinymce/langs/es.js', info: { minimized: true } },
];

// Two entries, two documents: the public site (main, index.html) and the admin
// panel (admin, admin.html; its data router guards unsaved work, which the
// public site does without: docs/decisions/110). Each has its own runtime,
// so webpack tree-shakes shared libraries per entry and nothing the admin
// uses grows the public chunk. Pages only some visits need are lazy chunks. Types are checked by `npm run
// typecheck`, so ts-loader only transpiles.
//
// `env.hot` is the development server's build (`npm run dev`: built in memory
// by webpack-dev-middleware inside the API server, which adds the hot module
// replacement runtime and plugin itself): React Fast Refresh (webpack/fast-refresh-loader.cjs and -runtime.mjs:
// the loader and runtime, in place of a plugin), hot-update files
// under /assets/, and a cache on disk so that a server restart rebuilds in a
// moment.
export default (env: { hot?: boolean } | undefined, argv: { mode?: Configuration['mode'] }): Configuration => {
  const production = argv.mode !== 'development';
  const hot = !production && Boolean(env?.hot);
  const refreshEntry = hot ? [path.resolve(__dirname, 'webpack/fast-refresh-runtime.mjs')] : [];
  return {
    mode: production ? 'production' : 'development',
    // With hot reloading, React Fast Refresh's runtime comes first in each entry, before React (webpack/).
    entry: {
      main: [...refreshEntry, './src/client/main.tsx'],
      admin: [...refreshEntry, './src/client/admin-main.tsx'],
    },
    ...(hot ? { cache: { type: 'filesystem', buildDependencies: { config: [__filename] } } } : {}),
    output: {
      path: path.resolve(__dirname, 'dist/client'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:8].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      hotUpdateChunkFilename: 'assets/[id].[fullhash].hot-update.js',
      hotUpdateMainFilename: 'assets/[runtime].[fullhash].hot-update.json',
      clean: !hot,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        '@': path.resolve(__dirname, 'src'),
        // react-router's package exports only its development build to bundlers;
        // production builds take its production build (no dev warnings, smaller).
        ...(production ? { 'react-router$': path.resolve(__dirname, 'node_modules/react-router/dist/production/index.mjs') } : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            ...(hot ? [path.resolve(__dirname, 'webpack/fast-refresh-loader.cjs')] : []),
            {
              loader: 'ts-loader',
              options: {
                transpileOnly: true,
                compilerOptions: { noEmit: false },
                ...(hot ? { getCustomTransformers: () => ({ before: [reactRefreshTypeScript()] }) } : {}),
              },
            },
          ],
        },
        // @hello-pangea/dnd (admin only) keeps its own store through react-redux's connect(). A copy of
        // react-redux of its own keeps connect() out of the public bundle, which holds the app's react-redux.
        {
          test: /[\\/]node_modules[\\/]@hello-pangea[\\/]dnd[\\/]/,
          resolve: { alias: { 'react-redux$': path.resolve(__dirname, 'node_modules/react-redux/dist/react-redux.legacy-esm.js') } },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|jpe?g|gif|webp|svg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer', chunks: ['main'] }),
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        filename: 'admin.html',
        scriptLoading: 'defer',
        chunks: ['admin'],
        // The panel is for its staff: search engines leave it out (robots.txt says so too).
        meta: { robots: 'noindex' },
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:8].css' : 'assets/[name].css',
      }),
      ...(production
        ? [
            // V8's explicit compile hint (Chrome 136+): the public chunk's functions nearly all run
            // on the first visit, so they are compiled while the file streams in, off the main
            // thread, rather than one by one as they are first called (docs/performance.md,
            // "Lighthouse"). After minification, which would drop the comment; the first line.
            new BannerPlugin({
              banner: '//# allFunctionsCalledOnLoad',
              raw: true,
              entryOnly: true,
              // The script only: in the stylesheet the line would be a broken first rule.
              include: /^assets\/main\.[0-9a-f]+\.js$/,
              stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
            }),
            new RouteChunksPlugin(),
            new PrecompressPlugin(),
          ]
        : []),
      // The development server serves public/ from disk itself; TinyMCE's files are copied in both.
      new CopyWebpackPlugin({
        patterns: [
          ...(hot ? [] : [{ from: 'public', globOptions: { ignore: ['**/index.html'] }, noErrorOnMissing: true }]),
          ...tinymceCopies,
        ],
      }),
    ],
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    performance: { hints: false },
    stats: 'errors-warnings',
  };
};
