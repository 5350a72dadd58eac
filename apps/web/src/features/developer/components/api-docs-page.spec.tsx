import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, apiError, setupApiServer } from '../../../testing/api-server';
import { renderApp } from '../../../testing/render-app';
import { ApiDocsPage } from './api-docs-page';

setupApiServer();

const offer = (plan: string, pricePln: number | null, monthlyRequests: number | null, perMinute: number, burst: number, base: number, included: number, extra: number) => ({
  plan,
  pricePln,
  monthlyRequests,
  perMinute,
  burst,
  calculatorBase: base,
  calculatorIncluded: included,
  calculatorExtraPerRequest: extra,
});
const plans = {
  plans: [
    offer('free', 0, 1000, 10, 50, 0, 1000, 0.05),
    offer('startup', 49, 10000, 50, 200, 49, 10000, 0.04),
    offer('developer', 149, 100000, 200, 1000, 149, 100000, 0.003),
    offer('business', 399, 500000, 1000, 5000, 399, 500000, 0.002),
    offer('enterprise', null, null, 2000, 10000, 999, 1000000, 0.001),
  ],
  streamingPlnPerGb: 0.2,
};

describe('/api', () => {
  it('has the five tabs, with the endpoints read from the OpenAPI document', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/plans', plans);
    renderApp(<ApiDocsPage />);
    const tabs = screen.getByRole('tablist', { name: 'Dokumentacja API' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Endpointy', 'Uwierzytelnianie', 'Przykłady', 'WebSocket', 'SDK']);
    const stations = screen.getByRole('article', { name: 'GET /api/v1/radio/stations' });
    expect(within(stations).getByText('genre')).toBeInTheDocument();
    expect(within(stations).getByText(/curl "http:\/\/localhost\/api\/v1\/radio\/stations\?country=pl"/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Twoje dane' })).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'WebSocket' }));
    expect(screen.getByText('station.{id}: now_playing — co gra stacja')).toBeInTheDocument();
    await user.click(within(tabs).getByRole('tab', { name: 'Uwierzytelnianie' }));
    expect(screen.getByRole('link', { name: 'Utwórz klucz w profilu' })).toHaveAttribute('href', '/profile');
  });

  it('shows the API plans and recomputes the cost on every change, counting non-numbers as 0', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/plans', plans);
    renderApp(<ApiDocsPage />);
    // Queries stay inside the pricing section: the endpoint reference above it is a large tree to search.
    const pricing = within(screen.getByRole('region', { name: 'Cennik API' }));
    const table = await pricing.findByRole('table');
    expect(within(table).getByRole('row', { name: /Startup/ })).toHaveTextContent('Startup49 PLN / mies.10 00050200');
    expect(within(table).getByRole('row', { name: /Enterprise/ })).toHaveTextContent('EnterpriseKontaktbez limituindywidualnieindywidualnie');
    const total = pricing.getByRole('status');
    expect(total).toHaveTextContent('Razem: 651 PLN miesięcznie');
    const report = pricing.getByRole('link', { name: 'Otwórz raport' });
    expect(report).toHaveAttribute('href', 'https://grouarock.com/api/raport?requests=25000&plan=startup&streaming=10');
    const requests = pricing.getByLabelText('Zapytań miesięcznie');
    await user.clear(requests);
    await user.type(requests, 'dużo');
    expect(total).toHaveTextContent('Razem: 51 PLN miesięcznie');
    await user.selectOptions(pricing.getByRole('combobox', { name: 'Plan' }), 'Free');
    await user.clear(requests);
    await user.type(requests, '1500');
    expect(total).toHaveTextContent('Razem: 27 PLN miesięcznie');
    expect(report).toHaveAttribute('href', 'https://grouarock.com/api/raport?requests=1500&plan=free&streaming=10');
  });

  it('offers to retry when the plans cannot be loaded', async () => {
    const user = userEvent.setup();
    answer('get', '/developer/plans', apiError(503), plans);
    renderApp(<ApiDocsPage />);
    expect(await screen.findByText('Nie udało się wczytać cennika.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Spróbuj ponownie' }));
    expect(await screen.findByText('Razem: 651 PLN miesięcznie')).toBeInTheDocument();
  });
});
