/**
 * The app's router: flat routes with layouts, `:param` and `*` segments, links, redirects and the query string.
 *
 * It replaced react-router 7, whose declarative mode still puts about 11 KB gzipped on every page (its Link carries
 * framework-mode prefetching, forms and server-component code this app never runs) against a 120 KB budget for the
 * whole first page. The names and behaviour follow react-router's, so screens read the same.
 */
export { createBrowserHistory, createMemoryHistory, createPath, resolvePath } from './history';
export type { History, Location, NavigateOptions, NavigationType } from './history';
export { matchRoutes } from './match-routes';
export type { Params, RouteMatch, RouteObject } from './match-routes';
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  NavLink,
  Outlet,
  Router,
  useLocation,
  useNavigate,
  useNavigationType,
  useParams,
  useRoutes,
  useSearchParams,
} from './router';
export type { LinkProps, NavLinkProps } from './router';
