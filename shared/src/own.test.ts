import { describe, expect, it } from 'vitest';
import { ownValue } from './own';

describe('ownValue', () => {
  it('reads own keys of objects and arrays', () => {
    expect(ownValue({ a: 1 }, 'a')).toBe(1);
    expect(ownValue(['x', 'y'], 1)).toBe('y');
    expect(ownValue(JSON.parse('{"__proto__": "data"}'), '__proto__')).toBe('data');
  });

  it('never returns what an object inherits, and nothing from non-objects', () => {
    for (const key of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])
      expect(ownValue({}, key), key).toBeUndefined();
    expect(ownValue(['x'], 'length')).toBe(1); // an array's length is its own
    expect(ownValue('text', 'length')).toBeUndefined();
    expect(ownValue(null, 'a')).toBeUndefined();
  });
});
