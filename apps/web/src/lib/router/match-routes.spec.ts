import { matchRoutes, type RouteObject } from './match-routes';

const layout = { element: 'layout' };
const routes: RouteObject[] = [
  {
    ...layout,
    children: [
      { path: '*', element: 'not found' },
      { path: 'tutorials/:step', element: 'step' },
      { index: true, element: 'home' },
      { path: 'tutorials', element: 'tutorials' },
      { path: 'tutorials/beginner-1', element: 'beginner path' },
      { path: 'files/*', element: 'files' },
    ],
  },
];

function matched(pathname: string) {
  const match = matchRoutes(routes, pathname);
  return match && { elements: match.routes.map((route) => route.element), params: match.params };
}

describe('matchRoutes', () => {
  it('matches the index route on its parent path, inside the layout', () => {
    expect(matched('/')).toEqual({ elements: ['layout', 'home'], params: {} });
  });

  it('prefers static segments to parameters and parameters to a splat, whatever the order listed', () => {
    expect(matched('/tutorials')?.elements).toEqual(['layout', 'tutorials']);
    expect(matched('/tutorials/beginner-1')?.elements).toEqual(['layout', 'beginner path']);
    expect(matched('/tutorials/expert-1')).toEqual({ elements: ['layout', 'step'], params: { step: 'expert-1' } });
    expect(matched('/tutorials/a/b')).toEqual({ elements: ['layout', 'not found'], params: { '*': 'tutorials/a/b' } });
  });

  it('decodes parameters, ignores a trailing slash and letter case, and keeps a malformed escape as typed', () => {
    expect(matched('/tutorials/rock%20%26%20roll/')?.params).toEqual({ step: 'rock & roll' });
    expect(matched('/TUTORIALS')?.elements).toEqual(['layout', 'tutorials']);
    expect(matched('/tutorials/%E0')?.params).toEqual({ step: '%E0' });
  });

  it('gives a splat the rest of the path, and nothing when no route matches', () => {
    expect(matched('/files/a/b%20c')?.params).toEqual({ '*': 'a/b c' });
    expect(matched('/files')?.params).toEqual({ '*': '' });
    expect(matchRoutes([{ path: 'radio', element: 'radio' }], '/events')).toBeNull();
  });
});
