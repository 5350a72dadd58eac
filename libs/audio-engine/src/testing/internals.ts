/** White-box access to an object's private fields in a unit test. */
export function internals<T>(object: object): T {
  return object as unknown as T;
}
