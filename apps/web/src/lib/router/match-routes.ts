import type { ReactNode } from 'react';

/** A route: a path (segments, `:param`, a final `*`), or `index` for its parent's own path; children nest. */
export interface RouteObject {
  path?: string;
  index?: boolean;
  element?: ReactNode;
  children?: RouteObject[];
}

export type Params = Record<string, string | undefined>;

export interface RouteMatch {
  /** The routes from the outermost layout down to the one for the path. */
  routes: RouteObject[];
  params: Params;
}

interface Branch {
  routes: RouteObject[];
  segments: string[];
  score: number;
  order: number;
}

const splitPath = (path: string) => path.split('/').filter(Boolean);

/** A malformed escape (`%E0`) stays as it was typed instead of crashing the page. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * How specific a pattern is: static segments count most, then parameters; a splat least. The most specific match
 * wins, so `*` is the fallback wherever it is listed, and ties go to the route listed first.
 */
function scoreOf(segments: string[], index: boolean): number {
  let score = segments.length + (index ? 2 : 0);
  for (const segment of segments) score += segment === '*' ? -2 : segment.startsWith(':') ? 3 : 10;
  return score;
}

function flatten(routes: RouteObject[], parents: RouteObject[], prefix: string[], branches: Branch[]): Branch[] {
  for (const route of routes) {
    const chain = [...parents, route];
    const segments = route.index ? prefix : [...prefix, ...splitPath(route.path ?? '')];
    if (route.children?.length) flatten(route.children, chain, segments, branches);
    // A layout without a path of its own only wraps its children.
    if (route.index || route.path !== undefined) {
      branches.push({ routes: chain, segments, score: scoreOf(segments, route.index ?? false), order: branches.length });
    }
  }
  return branches;
}

function matchSegments(pattern: string[], path: string[]): Params | null {
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const segment = pattern[i];
    if (segment === '*') {
      params['*'] = path.slice(i).map(decode).join('/');
      return params;
    }
    if (i >= path.length) return null;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(path[i]);
    else if (segment.toLowerCase() !== path[i].toLowerCase()) return null;
  }
  return pattern.length === path.length ? params : null;
}

/** The most specific route for `pathname` with its parameters, or null when none matches. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch | null {
  const path = splitPath(pathname);
  const branches = flatten(routes, [], [], []).sort((a, b) => b.score - a.score || a.order - b.order);
  for (const branch of branches) {
    const params = matchSegments(branch.segments, path);
    if (params) return { routes: branch.routes, params };
  }
  return null;
}
