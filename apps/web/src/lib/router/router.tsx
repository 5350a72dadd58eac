import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  type Ref,
} from 'react';
import {
  createBrowserHistory,
  createMemoryHistory,
  createPath,
  resolvePath,
  type History,
  type Location,
  type NavigateOptions,
  type NavigationType,
} from './history';
import { matchRoutes, type Params, type RouteObject } from './match-routes';

interface RouterState {
  history: History;
  location: Location;
  action: NavigationType;
}

const RouterContext = createContext<RouterState | null>(null);
const RouteContext = createContext<{ outlet: ReactNode; params: Params }>({ outlet: null, params: {} });

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('Router hooks and links work only inside <BrowserRouter> or <MemoryRouter>.');
  return router;
}

/** Follows `history`: every change of location renders the routes again. */
export function Router({ history, children }: { history: History; children: ReactNode }) {
  const location = useSyncExternalStore(history.listen, () => history.location);
  const value = useMemo(() => ({ history, location, action: history.action }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The app's router: the address bar, back and forward. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(() => createBrowserHistory());
  return <Router history={history}>{children}</Router>;
}

/** A router in memory (tests), starting at the last of `initialEntries`. */
export function MemoryRouter({ initialEntries, children }: { initialEntries?: string[]; children: ReactNode }) {
  const [history] = useState(() => createMemoryHistory(initialEntries));
  return <Router history={history}>{children}</Router>;
}

export function useLocation(): Location {
  return useRouter().location;
}

export function useNavigationType(): NavigationType {
  return useRouter().action;
}

/** The parameters (`:name`, and `*` for the rest) of the route being rendered. */
export function useParams<T extends Params = Params>(): T {
  return useContext(RouteContext).params as T;
}

/** Goes to `to`, resolved against the current path. Going to the current address replaces its entry. */
export function useNavigate(): (to: string, options?: NavigateOptions) => void {
  const { history } = useRouter();
  return useCallback(
    (to, { replace, state } = {}) => {
      const path = createPath(resolvePath(to, history.location.pathname));
      if (replace || path === createPath(history.location)) history.replace(path, state);
      else history.push(path, state);
    },
    [history],
  );
}

type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query string, and a setter that navigates to the same path with another one. */
export function useSearchParams(): [URLSearchParams, (next: SearchParamsUpdate, options?: NavigateOptions) => void] {
  const { search } = useLocation();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const query = (typeof next === 'function' ? next(new URLSearchParams(params)) : next).toString();
      navigate(query ? `?${query}` : '?', options);
    },
    [navigate, params],
  );
  return [params, setParams];
}

/** Renders the most specific route for the current path, each layout around the route below it. */
export function useRoutes(routes: RouteObject[]): ReactNode {
  const { pathname } = useLocation();
  const match = useMemo(() => matchRoutes(routes, pathname), [routes, pathname]);
  if (!match) return null;
  return match.routes.reduceRight<ReactNode>(
    (outlet, route) => <RouteContext.Provider value={{ outlet, params: match.params }}>{route.element ?? outlet}</RouteContext.Provider>,
    null,
  );
}

/** Where a layout renders the route below it. */
export function Outlet() {
  return useContext(RouteContext).outlet;
}

/** Navigates as soon as it renders (a redirect). */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace, state }), [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** Replaces the current history entry instead of adding one. */
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Whether a click is one the browser should handle itself: a new tab or window, a download, another target. */
function leavesThePage(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey || (!!target && target !== '_self')
  );
}

/** A link within the app: a real `<a href>` (new tab, copy address), navigating in place on a plain click. */
export function Link({ to, replace, target, onClick, children, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = createPath(resolvePath(to, location.pathname));
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || leavesThePage(event, target)) return;
    event.preventDefault();
    navigate(href, { replace });
  };
  return (
    <a {...rest} href={href} target={target} onClick={handleClick}>
      {children}
    </a>
  );
}

export interface NavLinkProps extends LinkProps {
  /** Marks the link current only on its own path, not on the paths below it. */
  end?: boolean;
}

/** A link marked `aria-current="page"` while its route (or, unless `end`, a route below it) is shown. */
export function NavLink({ end, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const target = resolvePath(props.to, pathname).pathname;
  const below = !end && target !== '/' && pathname.startsWith(target.endsWith('/') ? target : `${target}/`);
  return <Link {...props} aria-current={pathname === target || below ? 'page' : undefined} />;
}
