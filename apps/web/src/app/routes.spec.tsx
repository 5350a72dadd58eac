import { matchRoutes } from 'react-router-dom';
import { Layout } from './layout';
import { routes } from './routes';

/** The paths of the routes react-router picks for `pathname` in the app's table, outermost first, and their params. */
function matched(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  return matches && { paths: matches.map(({ route }) => (route.index ? 'index' : (route.path ?? 'layout'))), params: matches[0].params };
}

describe('the route table', () => {
  it('puts every screen inside the layout, the home page as its index', () => {
    expect(routes).toHaveLength(1);
    expect(routes[0].element).toMatchObject({ type: Layout });
    expect(matched('/')).toEqual({ paths: ['layout', 'index'], params: {} });
    expect(matched('/radio')?.paths).toEqual(['layout', 'radio']);
  });

  it('loads every screen lazily, as its own chunk', () => {
    const screens = routes[0].children ?? [];
    expect(screens.length).toBeGreaterThan(20);
    for (const { element } of screens) expect(element).toMatchObject({ type: { $$typeof: Symbol.for('react.lazy') } });
  });

  it('prefers static segments to parameters and parameters to the 404 splat, whatever the order listed', () => {
    expect(matched('/tutorials')?.paths).toEqual(['layout', 'tutorials']);
    expect(matched('/tutorials/beginner-1')).toEqual({ paths: ['layout', 'tutorials/:step'], params: { step: 'beginner-1' } });
    expect(matched('/tutorial/konto-i-sesje')).toEqual({ paths: ['layout', 'tutorial/:id'], params: { id: 'konto-i-sesje' } });
    expect(matched('/tutorials/a/b')).toEqual({ paths: ['layout', '*'], params: { '*': 'tutorials/a/b' } });
    expect(matched('/ai-studio')?.paths).toEqual(['layout', 'ai-studio']);
    expect(matched('/ai-studio/x')).toEqual({ paths: ['layout', '*'], params: { '*': 'ai-studio/x' } });
  });

  it('decodes parameters, ignores a trailing slash and letter case', () => {
    expect(matched('/tutorials/rock%20%26%20roll/')?.params).toEqual({ step: 'rock & roll' });
    expect(matched('/TUTORIALS')?.paths).toEqual(['layout', 'tutorials']);
    expect(matched('/Radio/')?.paths).toEqual(['layout', 'radio']);
  });

  it('keeps a malformed escape as typed instead of crashing the page', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(matched('/tutorials/%E0')).toEqual({ paths: ['layout', 'tutorials/:step'], params: { step: '%E0' } });
    warn.mockRestore();
  });
});
