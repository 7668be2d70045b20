import { describe, expect, it } from 'vitest';
import { hostOf } from './address-policy';

describe('hostOf', () => {
  it('gives the host as DNS and net.isIP take it, an IPv6 literal without brackets', () => {
    expect(hostOf('http://[::1]:8080/hook')).toBe('::1');
    expect(hostOf(new URL('https://[fd00::5]/'))).toBe('fd00::5');
    expect(hostOf('https://Hooks.Example.com/x')).toBe('hooks.example.com');
    expect(hostOf('http://169.254.169.254/latest')).toBe('169.254.169.254');
  });
});
