/**
 * What an object or array holds under one of its own keys, or undefined. A key that comes from
 * outside (a request, a schema's field path) must never reach what every object inherits:
 * `obj['constructor']` is a function and `obj['__proto__']` the prototype, not data.
 */
export function ownValue(container: unknown, key: PropertyKey): unknown {
  if (!container || typeof container !== 'object' || !Object.hasOwn(container, key)) return undefined;
  return (container as Record<PropertyKey, unknown>)[key];
}
