import { render } from '@testing-library/react';
import { TransportIcon } from './transport-icon';

describe('TransportIcon', () => {
  it.each(['previous', 'play', 'pause', 'next'] as const)('draws %s filled in the text colour, hidden from assistive technology', (kind) => {
    const { container } = render(<TransportIcon kind={kind} />);
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('data-icon', kind);
    expect(svg).toHaveAttribute('fill', 'currentColor');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('width', '20');
    expect(svg?.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
  });

  it('draws each symbol differently and takes a size', () => {
    const drawings = (['previous', 'play', 'pause', 'next'] as const).map(
      (kind) => render(<TransportIcon kind={kind} size="1em" />).container.querySelector('path')?.getAttribute('d'),
    );
    expect(new Set(drawings).size).toBe(4);
    expect(render(<TransportIcon kind="play" size="1em" />).container.querySelector('svg')).toHaveAttribute('width', '1em');
  });
});
