/**
 * Building attribute maps with plain assignment would turn an attribute named
 * `__proto__` into a prototype change; this keeps it an ordinary member.
 */
export function setOwn<T>(target: Record<string, T>, name: string, value: T): void {
  if (name === '__proto__') Object.defineProperty(target, name, { value, enumerable: true, writable: true, configurable: true });
  else target[name] = value;
}
