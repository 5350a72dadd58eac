import { screen, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import CareerPage from './career-page';
import PartnersPage from './partners-page';

describe('PartnersPage', () => {
  it('shows the four tiers with their monthly prices and the planned revenue mix as a table', async () => {
    renderApp(<PartnersPage />, '/partners');
    expect(await screen.findByRole('heading', { level: 1, name: 'Partnerzy' })).toBeInTheDocument();
    for (const name of ['Bronze', 'Silver', 'Gold', 'Platinum']) {
      expect(screen.getByRole('heading', { level: 3, name })).toBeInTheDocument();
    }
    expect(screen.getByText(/1000\s*zł miesięcznie/)).toBeInTheDocument();
    expect(screen.getByText(/2500\s*zł miesięcznie/)).toBeInTheDocument();
    expect(screen.getByText(/5000\s*zł miesięcznie/)).toBeInTheDocument();
    expect(screen.getByText('Cena ustalana indywidualnie')).toBeInTheDocument();

    expect(screen.getByRole('img', { name: 'Wykres słupkowy planowanej struktury przychodów' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Planowana struktura przychodów' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent?.replace(/\s/g, ''));
    expect(rows).toEqual(['Subskrypcje60%', 'Partnerstwa25%', 'Merchandise10%', 'Inne5%']);
  });
});

describe('CareerPage', () => {
  it('lists four offers, each applying by mail to kariera@ with its title as the subject', async () => {
    renderApp(<CareerPage />, '/career');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kariera' })).toBeInTheDocument();
    const apply = screen.getAllByRole('link', { name: /^Aplikuj:/ });
    expect(apply).toHaveLength(4);
    expect(apply[0]).toHaveAttribute('href', 'mailto:kariera@grouarock.com?subject=Frontend%20Developer%20(React)');
    for (const link of apply) expect(link.getAttribute('href')).toMatch(/^mailto:kariera@grouarock\.com\?subject=/);
    expect(document.title).toBe('Kariera — GrouaRock');
  });
});
