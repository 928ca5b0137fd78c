// @vitest-environment jsdom
import { messages } from '@domain/messages';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, useRoutes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithClient } from '../testing/renderApp';
import { RouteErrorBoundary } from './RouteErrorBoundary';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 200 })),
  );
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

let failing = true;
function Fragile() {
  if (failing) throw new Error('the page broke');
  return <h1>Fragile page</h1>;
}

/** The app's shape: a layout that stays, and the pages inside a boundary of their own. */
function Routes() {
  return useRoutes([
    {
      element: (
        <div>
          <Link to="/calm">Calm</Link>
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </div>
      ),
      children: [
        { path: '/fragile', element: <Fragile /> },
        { path: '/calm', element: <h1>Calm page</h1> },
      ],
    },
  ]);
}

describe('a page that fails while rendering', () => {
  it('shows the error page inside the layout, and a page again after the next navigation', async () => {
    failing = true;
    renderWithClient(
      <MemoryRouter initialEntries={['/fragile']}>
        <Routes />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: messages.errorPage.title })).toBeTruthy();
    expect(screen.getByText('the page broke')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Calm' })).toBeTruthy();

    fireEvent.click(screen.getByRole('link', { name: 'Calm' }));
    expect(await screen.findByRole('heading', { name: 'Calm page' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: messages.errorPage.title })).toBeNull();
  });

  it('renders the same page afresh on Try Again', async () => {
    failing = true;
    renderWithClient(
      <MemoryRouter initialEntries={['/fragile']}>
        <Routes />
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: messages.errorPage.title });
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'Fragile page' })).toBeTruthy();
  });
});
