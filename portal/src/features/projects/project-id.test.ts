import { describe, expect, it } from 'vitest';
import { projectIdOf } from './project-id';

describe('projectIdOf', () => {
  it('reads a positive whole number', () => {
    expect(projectIdOf('42')).toBe(42);
  });

  it('refuses anything else', () => {
    for (const bad of ['', '0', '-1', '1.5', 'abc', '12abc', '99999999999']) expect(projectIdOf(bad)).toBeNull();
  });
});
