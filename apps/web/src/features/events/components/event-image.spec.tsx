import { fireEvent, screen } from '@testing-library/react';
import { renderApp } from '../../../testing/render-app';
import { EventImage } from './event-image';

describe('EventImage', () => {
  it('loads lazily with a reserved size', () => {
    renderApp(<EventImage src="https://img.example.test/a.jpg" alt="Grafika wydarzenia Test" />);
    const img = screen.getByRole('img', { name: 'Grafika wydarzenia Test' });
    expect(img).toHaveAttribute('src', 'https://img.example.test/a.jpg');
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '640');
    expect(img).toHaveAttribute('height', '360');
  });

  it("falls back to the app's default image when the image is broken, and only once", () => {
    renderApp(<EventImage src="/missing-event-image.jpg" alt="Grafika" />);
    const img = screen.getByRole('img');
    fireEvent.error(img);
    // The default image shipped with the app (its Vite URL; a fixed stub in tests).
    expect(img).toHaveAttribute('src', '/assets/test-image.svg');
    expect(img).toHaveAttribute('data-fallback', 'true');
    // Should the default image fail too, it stays: no loop of swaps.
    fireEvent.error(img);
    expect(img).toHaveAttribute('src', '/assets/test-image.svg');
  });

  it('takes another fallback when given one', () => {
    renderApp(<EventImage src="/x.jpg" alt="Grafika" fallback="/other.svg" />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img')).toHaveAttribute('src', '/other.svg');
  });
});
