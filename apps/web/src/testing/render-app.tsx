import { render, type RenderResult } from '@testing-library/react';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { Providers } from '../app/providers';

/** Renders an element inside the app's providers and a router at `path`, with a fresh state store. */
export function renderApp(element: ReactElement, path = '/'): RenderResult {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  return render(
    <Providers store={createStore()}>
      <RouterProvider router={router} />
    </Providers>,
  );
}
