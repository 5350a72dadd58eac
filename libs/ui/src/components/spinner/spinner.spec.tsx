import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Spinner } from './spinner';

describe('Spinner', () => {
  it('is a status region whose label is present for screen readers but the graphic is hidden', () => {
    renderWithUi(<Spinner label="Ładowanie stacji…" />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Ładowanie stacji…');
    expect(status.querySelector('svg')).toHaveAttribute('aria-hidden', 'true');
  });
});
