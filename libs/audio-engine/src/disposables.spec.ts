import { Disposables } from './disposables';

describe('Disposables', () => {
  it('runs its tasks once, newest first', () => {
    const order: string[] = [];
    const disposables = new Disposables();
    disposables.add(() => order.push('first'));
    disposables.add(() => order.push('second'));
    disposables.run();
    disposables.run();
    expect(order).toEqual(['second', 'first']);
    expect(disposables.size).toBe(0);
  });

  it('disconnects nodes and removes listeners', () => {
    const disposables = new Disposables();
    const node = { disconnect: jest.fn() };
    expect(disposables.node(node)).toBe(node);
    const target = new EventTarget();
    const listener = jest.fn();
    disposables.listen(target, 'ping', listener);
    target.dispatchEvent(new Event('ping'));
    disposables.run();
    target.dispatchEvent(new Event('ping'));
    expect(node.disconnect).toHaveBeenCalledTimes(1);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('runs every task even when one fails, then rethrows the first error', () => {
    const disposables = new Disposables();
    const later = jest.fn();
    disposables.add(later);
    disposables.add(() => {
      throw new Error('first failure');
    });
    disposables.add(() => {
      throw new Error('second failure');
    });
    expect(() => disposables.run()).toThrow('second failure');
    expect(later).toHaveBeenCalled();
  });
});
