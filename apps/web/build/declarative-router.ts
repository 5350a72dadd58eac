import type { Plugin } from 'vite';

/**
 * react-router's bundle holds every mode's code in one chunk, and some of the code that only framework mode and the
 * data routers (createBrowserRouter and its kin) run sits in branches the declarative mode also passes through, where the
 * bundler cannot tell they are never taken. The app uses the declarative mode only (app.tsx: BrowserRouter and
 * useRoutes; prerender.tsx: StaticRouter), so each of these rewrites takes out a branch it cannot reach; nothing else in
 * the bundle changes, and no line moves.
 */
const rewrites = [
  {
    // <Link prefetch="…">'s <link rel="prefetch"> tags: framework mode's route modules. Outside framework mode that
    // component throws (it needs the framework's context), and the app never sets `prefetch`.
    what: "<Link>'s framework-mode prefetching",
    from: '/* @__PURE__ */ React10.createElement(PrefetchPageLinks, { page: href })',
    to: 'null',
  },
  {
    // Route error boundaries (errorElement, ErrorBoundary and the default error screen): rendered only when a data
    // router hands its state in, which useRoutes never does. The app catches a screen's errors itself
    // (app/route-error-boundary.tsx).
    what: "the data routers' route error boundaries",
    from: 'return dataRouterState && (match.route.ErrorBoundary || match.route.errorElement || index === 0) ?',
    to: 'return false && (match.route.ErrorBoundary || match.route.errorElement || index === 0) ?',
  },
  {
    what: "the data routers' default error element",
    from: 'errorElement = match.route.errorElement || defaultErrorElement;',
    to: 'errorElement = match.route.errorElement || null;',
  },
  {
    // The boundary's class is otherwise kept for this one property write.
    what: "the data routers' error boundary class",
    from: 'RenderErrorBoundary.contextType = RSCRouterContext;',
    to: '',
  },
];

/** The data routers and framework mode, which the rewrites above assume the app does not use. */
const dataRouterApi = /\b(createBrowserRouter|createHashRouter|createMemoryRouter|createStaticRouter|RouterProvider|StaticRouterProvider|HydratedRouter)\b/;

/** The names a module imports from react-router or react-router-dom. */
function routerImports(code: string): string[] {
  return [...code.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*["']react-router(?:-dom)?(?:\/[\w-]+)?["']/g)].map((match) => match[1]);
}

/** Drops from react-router's bundle the branches a declarative-mode app cannot reach (see above). */
export function declarativeRouter(): Plugin {
  return {
    name: 'grouarock:declarative-router',
    apply: 'build',
    // Our sources as written (TypeScript), before anything rewrites their imports.
    enforce: 'pre',
    transform: {
      filter: { id: { include: [/\/node_modules\/react-router\/dist\/[^/]+\/chunk-[^/]+\.mjs$/, /\/(apps|libs)\/[^/]+\/src\/.*\.tsx?$/] } },
      handler(code, id) {
        if (!id.includes('/node_modules/')) {
          // Should the app ever take up a data router, these rewrites would break its error boundaries: stop here.
          if (routerImports(code).some((names) => dataRouterApi.test(names))) {
            this.error(`${id} uses a data router or framework mode; apps/web/build/declarative-router.ts assumes the declarative mode only`);
          }
          return null;
        }
        if (!code.includes('function PrefetchPageLinks(')) return null;
        let out = code;
        for (const { what, from, to } of rewrites) {
          if (out.split(from).length !== 2) {
            this.warn(`react-router changed: ${what} could not be taken out of ${id}, and ships again`);
            continue;
          }
          out = out.replace(from, to);
        }
        return { code: out, map: null };
      },
    },
  };
}
