import react from '@vitejs/plugin-react';
import path from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import { build, defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { compileMessages } from './build/compile-messages';
import { declarativeRouter } from './build/declarative-router';
import { prerenderPages } from './build/prerender';
import { pureDisplayNames } from './build/pure-display-names';
import { keepSourceMapsPrivate } from './build/private-source-maps';
import { subsetFileName, subsetFonts } from './build/subset-fonts';

const root = path.resolve(__dirname, '../..');
/** The app's and its libraries' TypeScript sources (not their CSS, not the generated client's core). */
const ownModule = /\/(apps\/web\/src\/(app|features|lib)|libs\/(ui|i18n|audio-engine)\/src)\/.*\.tsx?$/;

/** The display face, whole (latin and latin-ext, 57 kB as TrueType): libs/ui's fonts.css declares it. */
const displayFace = '@expo-google-fonts/bebas-neue/400Regular/BebasNeue_400Regular.ttf';

/**
 * The characters the display face draws (build/subset-fonts.ts keeps only these): latin, as Google Fonts' latin subset
 * of it has them (ASCII, Latin-1, general punctuation, ı Œ œ € ™ −), and the Polish letters (ó is Latin-1).
 */
const displayFaceText =
  [
    [0x20, 0x7e],
    [0xa0, 0xff],
    [0x2000, 0x206f],
  ]
    .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i)))
    .join('') + 'ıŒœ€™−ąćęłńśźżĄĆĘŁŃŚŹŻ';

/** What the browser build and the prerender's build for Node (build/prerender.ts) compile the sources with. */
const shared = () => ({
  plugins: [
    react({ jsxImportSource: '@emotion/react' }),
    compileMessages(),
    // react-router's bundle, as the app uses it (declarative mode): see each plugin.
    pureDisplayNames(/\/node_modules\/react-router\/dist\/.*\.mjs$/),
    declarativeRouter(),
  ],
  resolve: {
    alias: [
      { find: '@grouarock/ui', replacement: path.join(root, 'libs/ui/src/index.ts') },
      { find: '@grouarock/i18n', replacement: path.join(root, 'libs/i18n/src/index.ts') },
      { find: /^@grouarock\/api-client\/openapi$/, replacement: path.join(root, 'libs/api-client/src/openapi-document.ts') },
      { find: '@grouarock/api-client', replacement: path.join(root, 'libs/api-client/src/index.ts') },
      { find: '@grouarock/audio-engine', replacement: path.join(root, 'libs/audio-engine/src/index.ts') },
      // The dictionaries are compiled at build time (build/compile-messages.ts): react-intl needs no parser. Its ES
      // module build: the CommonJS one pulls in all of tslib. package.json pins the parser to the version
      // intl-messageformat and react-intl use, so npm installs one copy, not one per package (and the build compiles
      // with the runtime's own version).
      { find: /^@formatjs\/icu-messageformat-parser$/, replacement: '@formatjs/icu-messageformat-parser/lib/no-parser.js' },
      // SWR's hook reads stores through this package's shim, which carries its own implementation for React before 18
      // and otherwise hands back React's: the package's main module is React's alone, all React 19 runs.
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'use-sync-external-store' },
    ],
  },
});

/**
 * Offline listening's service worker (src/offline-worker.ts, features/offline) as /offline-worker.js: a classic script
 * of its own (it shares no chunk with the app), unhashed at the root, so its scope is the whole site and the app
 * registers it by a fixed name. The server sends it, like every unhashed file, with `no-cache`.
 */
function offlineWorker(): Plugin {
  const fileName = 'offline-worker.js';
  const bundle = async (): Promise<string> => {
    const result = await build({
      configFile: false,
      root: __dirname,
      publicDir: false,
      logLevel: 'warn',
      resolve: shared().resolve,
      build: {
        write: false,
        target: 'es2022',
        rolldownOptions: { input: path.join(__dirname, 'src/offline-worker.ts'), output: { format: 'iife', entryFileNames: fileName } },
      },
    });
    const [output] = Array.isArray(result) ? result : [result];
    if (!('output' in output)) throw new Error('The offline worker did not build');
    return output.output[0].code;
  };
  return {
    name: 'grouarock:offline-worker',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: await bundle() });
    },
    // `npm run dev`: built on each request, so the worker is the sources' as they are now.
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_req, res, next) => {
        bundle().then((code) => res.setHeader('Content-Type', 'text/javascript').end(code), next);
      });
    },
  };
}

export default defineConfig({
  root: __dirname,
  publicDir: 'public',
  resolve: shared().resolve,
  plugins: [
    ...shared().plugins,
    keepSourceMapsPrivate(path.join(root, 'dist/apps/web-sourcemaps')),
    offlineWorker(),
    // The display face cut to what the product's languages draw in it: 14 kB.
    subsetFonts([{ font: displayFace, text: displayFaceText }], path.join(root, 'tmp/fonts')),
    // Each text file once more as .br and .gz at the highest levels, compressed once here instead of on every request:
    // the server sends the one the browser accepts (apps/api/src/core/http/compression.ts). Kept only when smaller.
    // Fonts (woff2) are compressed already; the manifest is for the build's tools, not served to anyone who needs it small.
    compression({
      include: /\.(js|mjs|css|svg|html|json|txt)$/,
      exclude: /(^|\/)\.vite\//,
      algorithms: [defineAlgorithm('brotliCompress', { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }), defineAlgorithm('gzip', { level: 9 })],
    }),
    // The public pages as HTML with their first screen, hydrated by main.tsx.
    prerenderPages(shared),
  ],
  build: {
    outDir: path.join(root, 'dist/apps/web'),
    emptyOutDir: true,
    // Source maps carry the original sources: built for error reports, never linked from the bundles and kept
    // outside the directory the server serves (dist/apps/web-sourcemaps).
    sourcemap: 'hidden',
    target: 'es2022',
    // The display face's one file (14 kB) is inlined in the page, so every heading is in it from the first paint, on
    // any network, with no request: a fetched file misses `font-display: optional`'s ~100 ms on a phone's first load
    // (libs/ui's fonts.css). The text face is the system's.
    assetsInlineLimit: (file) => (file.endsWith('.woff2') ? path.basename(file) === subsetFileName(displayFace) : undefined),
    // Which chunks each route needs (npm run bench:web reads it).
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // Emotion's withTheme (never used here) imports these CommonJS packages, which declare no sideEffects, so
        // they would ship on every page: they have none. Nor have the API client's per-tag modules (only function
        // declarations): without saying so, the client's barrel would pull every one of them into the first page.
        // Our own TypeScript modules have none either (only declarations at their top; fonts.ts is imported for its CSS):
        // said so, a module that a barrel (features/auth/index.ts, @grouarock/ui) re-exports goes into the first page's
        // chunk only when the first page uses it, and otherwise into the lazy chunks that do.
        moduleSideEffects: (id) =>
          /\/node_modules\/(hoist-non-react-statics|react-is)\/|\/libs\/api-client\/src\/generated\/sdk\//.test(id) || (ownModule.test(id) && !id.endsWith('/libs/ui/src/theme/fonts.ts'))
            ? false
            : undefined,
      },
      output: {
        // Everything the first page needs in one chunk: a request less each, and one gzip stream compresses
        // better than many (lazy screens keep their own chunks).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/\/(src\/main\.tsx|index\.html)/.test(id) }] },
      },
    },
  },
  server: {
    port: 5173,
    // `npm run dev`: the API runs on its own port; the browser only ever talks to one origin.
    proxy: { '/api': { target: `http://localhost:${process.env.PORT ?? 3000}`, ws: true } },
  },
});
