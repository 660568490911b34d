import { createHandlers, fixtureTokens } from '@coach/api/msw';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testNow, testSummary } from '../../../../test/clientSummary.ts';
import { createTestApi, mockBackend, testBaseUrls } from '../../../../test/mockApi.ts';
import { renderWithProviders } from '../../../../test/renderWithProviders.tsx';
import { ClientsScreen } from './ClientsScreen.tsx';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const listUrl = `${testBaseUrls.analytics}/clients`;

/** Shows where the router is, as the address bar would. */
function LocationProbe() {
  const location = useLocation();
  return <output aria-label="Location">{`${location.pathname}${location.search}`}</output>;
}

function renderClients(route = '/clients') {
  server.use(...createHandlers(mockBackend().options));
  const { api, tokens } = createTestApi(fixtureTokens.coach);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(
    <>
      <ClientsScreen />
      <LocationProbe />
    </>,
    { api, tokens, route },
  );
  const location = () => screen.getByRole('status', { name: 'Location' }).textContent;
  return { user, location };
}

const table = () => screen.findByRole('table', { name: 'Clients' });
const dataRows = () => [...document.querySelectorAll<HTMLElement>('tbody tr[data-kind="data"]')];

// The list, grow's sense averages and a new coach's empty list are the stories' (Clients: Default,
// GrowClients, Empty); here, the address, the row's details, the way into a client and the retries.
describe('ClientsScreen', () => {
  it('keeps search, filters and sort in the URL, and reads them back from it', async () => {
    const { user, location } = renderClients('/clients?phase=learn');
    await waitFor(() => expect(dataRows().length).toBeGreaterThan(0));
    for (const row of dataRows()) expect(row).toHaveTextContent('Learn');

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'maria');
    await waitFor(() => expect(location()).toBe('/clients?q=maria&phase=learn'));
    await user.click(screen.getByRole('button', { name: 'Needs attention only' }));
    await waitFor(() => expect(location()).toBe('/clients?q=maria&phase=learn&attention=1'));
    const header = within(await table()).getByRole('columnheader', { name: /^Mental/ });
    await user.click(within(header).getByRole('button'));
    await waitFor(() => expect(location()).toContain('&sort=mental&dir=asc'));
  });

  it("shows a focused row's whole texts in a tooltip, and they stay in the row's name", async () => {
    const { user } = renderClients();
    await waitFor(() => expect(dataRows()).toHaveLength(14));
    const jamie = dataRows().find((row) => row.textContent?.startsWith('Jamie Lee')) as HTMLElement;
    // Two lines in the row: the email and the local time are its details, for the eye on focus.
    expect(jamie).toHaveTextContent('client@example.com');
    expect(jamie).toHaveTextContent(/(Local time|Different timezone): /);
    expect(screen.queryByTestId('row-details')).not.toBeInTheDocument();
    act(() => jamie.focus());
    const details = screen.getByTestId('row-details');
    expect(details).toHaveTextContent(
      /^Jamie Lee.*client@example\.com.*(Local time|Different timezone): .*Follow-up due/,
    );
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('row-details')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByTestId('row-details')).not.toHaveTextContent('Jamie Lee');
  });

  it('opens a client with a click on its row', async () => {
    const { user, location } = renderClients();
    await waitFor(() => expect(dataRows()).toHaveLength(14));
    await user.click(screen.getByText('Aiko Tanaka'));
    await waitFor(() => expect(location()).toMatch(/^\/clients\/00000000-0000-4000-8000-0+105$/));
  });

  it("shows the spec's processing error and loads again on retry", async () => {
    let calls = 0;
    const { user } = renderClients();
    server.use(
      http.get(listUrl, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ error: 'internal_error', message: 'Boom' }, { status: 500 })
          : HttpResponse.json({
              clients: [testSummary({ firstName: 'Zoe' })],
              generatedAt: testNow,
            });
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Error processing users');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(dataRows()[0]).toHaveTextContent('Zoe Lovelace');
    expect(calls).toBe(2);
  });

  it('says the server could not be reached with a retry, and loads on its own once back online', async () => {
    let calls = 0;
    renderClients();
    server.use(
      http.get(listUrl, () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.error()
          : HttpResponse.json({
              clients: [testSummary({ firstName: 'Zoe' })],
              generatedAt: testNow,
            });
      }),
    );
    const alert = await screen.findByText('The server could not be reached, please try again');
    expect(screen.getByText('Error processing users')).toBeInTheDocument();
    expect(alert.closest('[role="alert"]')).toContainElement(
      screen.getAllByRole('button', { name: 'Try again' })[0] ?? null,
    );
    // The failure's effects (its 'online' listener) have run, as they have in a browser by now.
    await act(async () => {});
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(dataRows()).toHaveLength(1));
    expect(dataRows()[0]).toHaveTextContent('Zoe Lovelace');
    expect(calls).toBe(2);
  });
});
