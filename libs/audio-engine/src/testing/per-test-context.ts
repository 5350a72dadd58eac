import { MockContext } from './mock-context';

/**
 * Gives every test of the enclosing `describe` a fresh MockContext on fake timers, reset after the test.
 * Tests read it through the holder: `const audio = mockContextPerTest(); new Thing(audio.context)`.
 */
export function mockContextPerTest(timers?: Parameters<typeof jest.useFakeTimers>[0]): { readonly context: MockContext } {
  const holder = {} as { context: MockContext };
  beforeEach(() => {
    jest.useFakeTimers(timers);
    holder.context = new MockContext();
  });
  afterEach(() => {
    holder.context.reset();
    jest.useRealTimers();
  });
  return holder;
}
