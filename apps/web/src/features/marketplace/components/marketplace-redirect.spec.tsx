import { screen } from '@testing-library/react';
import { externalLinks } from '../../../lib/external-links';
import { renderApp } from '../../../testing/render-app';
import { MarketplaceRedirect } from './marketplace-redirect';

describe('MarketplaceRedirect', () => {
  it('sends the browser to the marketplace at once and offers the link meanwhile', () => {
    const go = jest.fn();
    renderApp(<MarketplaceRedirect go={go} />, '/marketplace');
    expect(go).toHaveBeenCalledWith(externalLinks.marketplace);
    expect(screen.getByRole('link', { name: 'Przejdź do Marketplace' })).toHaveAttribute('href', externalLinks.marketplace);
  });
});
