/** Something with a DOM-style listener API (media elements, MediaRecorder, AudioContext). */
export interface ListenerTarget {
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

/** Something that can be disconnected (every audio node). */
export interface Disconnectable {
  disconnect(): void;
}

/**
 * Clean-up work collected while an object builds itself, run once, newest first, by dispose().
 * A failing step does not stop the others; the first error is rethrown at the end.
 */
export class Disposables {
  private tasks: Array<() => void> = [];

  add(task: () => void): void {
    this.tasks.push(task);
  }

  /** Disconnects the node on dispose. Returns it, for `const g = d.node(ctx.createGain())`. */
  node<T extends Disconnectable>(node: T): T {
    this.add(() => node.disconnect());
    return node;
  }

  /** Adds a DOM event listener now and removes it on dispose. */
  listen(target: ListenerTarget, type: string, listener: (event: Event) => void): void {
    target.addEventListener(type, listener);
    this.add(() => target.removeEventListener(type, listener));
  }

  get size(): number {
    return this.tasks.length;
  }

  run(): void {
    const tasks = this.tasks.reverse();
    this.tasks = [];
    let failure: { error: unknown } | undefined;
    for (const task of tasks) {
      try {
        task();
      } catch (error) {
        failure ??= { error };
      }
    }
    if (failure) throw failure.error;
  }
}
