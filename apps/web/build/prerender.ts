import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { build, type Manifest, type Plugin, type UserConfig } from 'vite';
import { PAGES_DIR, pageFile, pageHtml, robots, sitemap, type RenderedPage } from './prerender-html';

/** What the SSR bundle (src/prerender.tsx) exports. */
interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  prerender(path: string): Promise<RenderedPage>;
}

/**
 * For the Node build only: every dynamic import() in our sources (a lazy screen, its dictionary, a lazy part of it)
 * also notes the module it loads, by its path from the app's root as the browser build's manifest names it, in
 * `globalThis.prerenderImports` when that exists.
 */
function noteDynamicImports(root: string, workspace: string): Plugin {
  return {
    name: 'grouarock:prerender-note-imports',
    async transform(code, id) {
      if (!id.startsWith(workspace) || id.includes('/node_modules/') || !code.includes('import(')) return null;
      let noted = code;
      for (const [call, quote, specifier] of code.matchAll(/\bimport\((['"])([^'"]+)\1\)/g)) {
        const resolved = await this.resolve(specifier, id);
        if (!resolved) continue;
        const key = JSON.stringify(path.relative(root, resolved.id.split('?')[0]));
        noted = noted.replace(call, () => `(globalThis.prerenderImports?.add(${key}), import(${quote}${specifier}${quote}))`);
      }
      return noted;
    },
  };
}

/**
 * Renders one page in a worker of its own: a fresh module graph, so every lazy module the page needs is imported (and
 * noted) for it, not only those no page before it loaded.
 */
const RENDER_IN_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  globalThis.prerenderImports = new Set();
  const renderer = await import(workerData.bundle);
  const page = await renderer.prerender(workerData.path);
  parentPort.postMessage({ page, modules: [...globalThis.prerenderImports] });
})().catch((error) => { throw error; });
`;

function renderInWorker(bundle: string, pagePath: string): Promise<{ page: RenderedPage; modules: string[] }> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(RENDER_IN_WORKER, { eval: true, workerData: { bundle, path: pagePath } });
    worker.once('message', resolve);
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`Prerendering ${pagePath}: the worker exited with ${code}`)));
  });
}

/** The scripts a page's lazy modules need beyond the entry's (which index.html preloads already), from the manifest. */
function preloadsOf(manifest: Manifest, modules: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (entry) visit(entry);
  const initial = new Set(seen);
  for (const module of modules) visit(module);
  return [...seen].filter((key) => !initial.has(key)).map((key) => `/${manifest[key].file}`);
}

/**
 * src/start.ts as an ES module of its own (it shares no chunk with the app), for the browser the app is built for, with
 * its source map for error reports (not linked from it, and moved out of the served folder with the others).
 */
async function buildStart(root: string, shared: () => Pick<UserConfig, 'plugins' | 'resolve'>): Promise<{ code: string; map: string }> {
  const result = await build({
    configFile: false,
    root,
    publicDir: false,
    logLevel: 'warn',
    resolve: shared().resolve,
    build: { write: false, target: 'es2022', sourcemap: 'hidden', rolldownOptions: { input: path.join(root, 'src/start.ts'), output: { format: 'es' } } },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunks = 'output' in output ? output.output.filter((item) => item.type === 'chunk') : [];
  if (chunks.length !== 1 || !chunks[0].map) throw new Error('src/start.ts did not build to one script with its source map');
  return { code: chunks[0].code, map: chunks[0].map.toString() };
}

/**
 * After the browser build: builds src/prerender.tsx for Node with the same plugins and aliases (`shared`), renders
 * every public page with it and writes each, with sitemap.xml and robots.txt, under PAGES_DIR of the build.
 */
export function prerenderPages(shared: () => Pick<UserConfig, 'plugins' | 'resolve'>): Plugin {
  let outDir = '';
  let root = '';
  /** The start script's address (src/start.ts, which prerendered pages run in place of the entry). */
  let start = '';
  return {
    name: 'grouarock:prerender',
    apply: (config) => config.mode !== 'development' && !config.build?.ssr,
    configResolved(config) {
      outDir = config.build.outDir;
      root = config.root;
    },
    async generateBundle() {
      const { code, map } = await buildStart(root, shared);
      const fileName = `assets/start-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      this.emitFile({ type: 'asset', fileName: `${fileName}.map`, source: map });
      start = `/${fileName}`;
    },
    async closeBundle() {
      const ssrDir = path.join(root, '../../tmp/web-prerender');
      await build({
        ...shared(),
        configFile: false,
        publicDir: false,
        root,
        logLevel: 'warn',
        plugins: [...(shared().plugins ?? []), noteDynamicImports(root, path.resolve(root, '../..'))],
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, target: 'node24', sourcemap: false, minify: false },
      });
      try {
        const bundle = pathToFileURL(path.join(ssrDir, 'prerender.mjs')).href;
        const renderer = (await import(bundle)) as PrerenderModule;
        const template = readFileSync(path.join(outDir, 'index.html'), 'utf8');
        const manifest = JSON.parse(readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
        const stylesheets = Object.fromEntries(
          [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g)].map(([, file]) => [`/${file}`, readFileSync(path.join(outDir, file), 'utf8').trim()]),
        );
        const pagesDir = path.join(outDir, PAGES_DIR);
        rmSync(pagesDir, { recursive: true, force: true });
        const pending = [...renderer.PRERENDERED_PATHS];
        // Two at a time: each worker mostly waits on its first imports.
        const next = async (): Promise<void> => {
          const pagePath = pending.shift();
          if (pagePath === undefined) return;
          const { page, modules } = await renderInWorker(bundle, pagePath);
          const file = path.join(pagesDir, pageFile(pagePath));
          mkdirSync(path.dirname(file), { recursive: true });
          writeFileSync(file, pageHtml(template, pagePath, page, preloadsOf(manifest, modules), { start, stylesheets }));
          return next();
        };
        await Promise.all([next(), next()]);
        writeFileSync(path.join(pagesDir, 'sitemap.xml'), sitemap(renderer.PRERENDERED_PATHS));
        writeFileSync(path.join(pagesDir, 'robots.txt'), robots());
      } finally {
        rmSync(ssrDir, { recursive: true, force: true });
      }
    },
  };
}
