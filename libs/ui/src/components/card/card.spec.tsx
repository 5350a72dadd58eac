import { screen } from '@testing-library/react';
import { renderWithUi } from '../../testing/render-with-ui';
import { Card } from './card';

describe('Card', () => {
  it('renders the semantic element asked for', () => {
    renderWithUi(
      <Card as="article" aria-label="Radio Garaż">
        <p>Surowy punk</p>
      </Card>,
    );
    expect(screen.getByRole('article', { name: 'Radio Garaż' })).toHaveTextContent('Surowy punk');
  });

  it('defaults to a div with the default tone and exposes the highlight tone', () => {
    const { container } = renderWithUi(
      <>
        <Card>Zwykła</Card>
        <Card tone="highlight">Wyróżniona</Card>
      </>,
    );
    expect(container.querySelector('div[data-tone="default"]')).toHaveTextContent('Zwykła');
    expect(screen.getByText('Wyróżniona')).toHaveAttribute('data-tone', 'highlight');
  });
});
