import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Badge } from './badge';

describe('Badge', () => {
  it('renders its text with the requested tone (neutral by default)', () => {
    renderWithUi(
      <>
        <Badge>Punk</Badge>
        <Badge tone="secondary">NAJPOPULARNIEJSZY</Badge>
      </>,
    );
    expect(screen.getByText('Punk')).toHaveAttribute('data-tone', 'neutral');
    expect(screen.getByText('NAJPOPULARNIEJSZY')).toHaveAttribute('data-tone', 'secondary');
  });

  it('adds a decorative pulsing dot only to the live tone', () => {
    renderWithUi(<Badge tone="live">LIVE</Badge>);
    const badge = screen.getByText('LIVE');
    const dot = badge.querySelector('[aria-hidden="true"]');
    expect(dot).toBeInTheDocument();
    expect(badge).toHaveTextContent(/^LIVE$/);
  });
});
