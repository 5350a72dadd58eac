import { fireEvent, screen, within } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { Footer } from './footer';

describe('Footer', () => {
  it('opens every internal page in a new tab with no opener, and keeps the in-page anchor in place', () => {
    renderApp(<Footer />);
    const links = within(screen.getByRole('contentinfo')).getAllByRole('link');
    const internal = links.filter((a) => a.getAttribute('href')?.startsWith('/') && !a.getAttribute('href')?.includes('#'));
    expect(internal).toHaveLength(14);
    for (const link of internal) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link).toHaveAccessibleName(expect.stringContaining('(otwiera się w nowej karcie)'));
    }
    const anchor = links.find((a) => a.getAttribute('href') === '/#streaming');
    expect(anchor).not.toHaveAttribute('target');
    expect(screen.getByText('© 2024 GrouaRock. Wszelkie prawa zastrzeżone.')).toBeInTheDocument();
  });
});

describe('Footer sections', () => {
  it('are disclosure buttons (for below 768 px) that expand and collapse their links', () => {
    renderApp(<Footer />);
    const toggle = screen.getByRole('button', { name: 'Pomoc' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(list).toContainElement(screen.getByRole('link', { name: /^Wsparcie/ }));
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});
