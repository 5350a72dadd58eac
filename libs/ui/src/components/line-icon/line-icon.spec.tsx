import { render } from '@testing-library/react';
import { LineIcon } from './line-icon';

describe('LineIcon', () => {
  it('draws on a 24 × 24 grid in the text colour, hidden from assistive technology', () => {
    const { container } = render(
      <LineIcon size={28}>
        <path d="M3 6h18" />
      </LineIcon>,
    );
    const svg = container.querySelector('svg');
    expect(svg).toHaveAttribute('viewBox', '0 0 24 24');
    expect(svg).toHaveAttribute('width', '28');
    expect(svg).toHaveAttribute('stroke', 'currentColor');
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg?.querySelector('path')).toHaveAttribute('d', 'M3 6h18');
  });

  it('scales with the text by default', () => {
    const { container } = render(
      <LineIcon>
        <path d="M3 6h18" />
      </LineIcon>,
    );
    expect(container.querySelector('svg')).toHaveAttribute('width', '1.25em');
  });
});
