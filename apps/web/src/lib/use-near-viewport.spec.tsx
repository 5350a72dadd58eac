import { act, render, screen } from '@testing-library/react';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const { ref, near } = useNearViewport<HTMLDivElement>('200px');
  return <div ref={ref}>{near ? 'near' : 'far'}</div>;
}

describe('useNearViewport', () => {
  afterEach(() => {
    delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  });

  it('is true where IntersectionObserver does not exist', () => {
    render(<Probe />);
    expect(screen.getByText('near')).toBeInTheDocument();
  });

  it('turns true when the element comes within the margin, and stops watching', () => {
    const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
    (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver = class {
      private readonly entry;
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    };
    render(<Probe />);
    expect(screen.getByText('far')).toBeInTheDocument();
    expect(observers[0].options).toEqual({ rootMargin: '200px' });

    act(() => observers[0].callback([{ isIntersecting: false } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('far')).toBeInTheDocument();
    act(() => observers[0].callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(screen.getByText('near')).toBeInTheDocument();
    expect(observers[0].disconnected).toBe(true);
  });
});
