import { describe, expect, it } from 'vitest';
import { DEFAULT_SIZE, restoreBounds } from './window-state';
import { contentSecurityPolicy, isAllowedRequest, isExternalLink } from './net-policy';

const laptop = { x: 0, y: 0, width: 1920, height: 1080 };
const external = { x: 1920, y: 0, width: 2560, height: 1440 };

describe('restoreBounds', () => {
  it('reopens where the window was when that place is on a screen', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: true };
    expect(restoreBounds(saved, [laptop, external])).toEqual(saved);
  });
  it('centres the default size on the first screen when the saved screen is gone', () => {
    const saved = { x: 2000, y: 100, width: 1600, height: 1000, maximized: false };
    expect(restoreBounds(saved, [laptop])).toEqual({ x: 240, y: 90, ...DEFAULT_SIZE, maximized: false });
  });
  it('ignores a damaged or missing file and never opens larger than the screen', () => {
    expect(restoreBounds({ x: 'a' }, [laptop])).toMatchObject({
      width: DEFAULT_SIZE.width,
      height: DEFAULT_SIZE.height,
    });
    expect(restoreBounds(undefined, [{ x: 0, y: 0, width: 1280, height: 720 }])).toEqual({
      x: 0,
      y: 0,
      width: 1280,
      height: 720,
      maximized: false,
    });
  });
});

describe('net policy', () => {
  const server = 'https://ideamine.example.test';
  it('lets the window load its own files and the configured server only', () => {
    expect(isAllowedRequest('app://console/index.html', server)).toBe(true);
    expect(isAllowedRequest('https://ideamine.example.test/api/v1/dashboard/queue-metrics', server)).toBe(true);
    expect(isAllowedRequest('https://cdn.example.com/lib.js', server)).toBe(false);
    expect(isAllowedRequest('http://ideamine.example.test/api/v1', server)).toBe(false); // other scheme, other origin
    expect(isAllowedRequest('file:///etc/passwd', server)).toBe(false);
    expect(isAllowedRequest('not a url', server)).toBe(false);
  });
  it('opens only http(s) links outside the app', () => {
    expect(isExternalLink('https://news.ycombinator.com/item?id=1')).toBe(true);
    expect(isExternalLink('javascript:alert(1)')).toBe(false);
    expect(isExternalLink('file:///tmp/x')).toBe(false);
  });
  it('builds a CSP that allows API calls to the server and nothing else', () => {
    const csp = contentSecurityPolicy(server);
    expect(csp).toContain(`connect-src 'self' ${server}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("object-src 'none'");
  });
});
