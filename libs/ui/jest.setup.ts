// Runs before every test file: jest-dom matchers plus the browser APIs jsdom lacks that Radix relies on.
import '@testing-library/jest-dom';

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}

if (!('ResizeObserver' in globalThis)) {
  Object.defineProperty(globalThis, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// Pointer capture (Knob drag, Radix Select/Slider) and scrollIntoView (Radix Select) are missing in jsdom.
const elementProto = Element.prototype as Element & Record<string, unknown>;
const capturedPointers = new WeakMap<Element, Set<number>>();
if (!('setPointerCapture' in elementProto) || typeof elementProto.setPointerCapture !== 'function') {
  elementProto.setPointerCapture = function setPointerCapture(this: Element, pointerId: number) {
    const set = capturedPointers.get(this) ?? new Set<number>();
    set.add(pointerId);
    capturedPointers.set(this, set);
  };
  elementProto.releasePointerCapture = function releasePointerCapture(this: Element, pointerId: number) {
    capturedPointers.get(this)?.delete(pointerId);
  };
  elementProto.hasPointerCapture = function hasPointerCapture(this: Element, pointerId: number) {
    return capturedPointers.get(this)?.has(pointerId) ?? false;
  };
}
if (typeof elementProto.scrollIntoView !== 'function') {
  elementProto.scrollIntoView = function scrollIntoView() {};
}

// jsdom has no PointerEvent, so fireEvent.pointerMove(..., { clientY }) would lose its coordinates.
if (typeof globalThis.PointerEvent === 'undefined') {
  class PointerEventStub extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(globalThis, 'PointerEvent', { value: PointerEventStub, writable: true });
}
