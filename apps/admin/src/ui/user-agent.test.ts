import { describe, expect, it } from 'vitest';
import { browserOf } from './user-agent.ts';

describe('browserOf', () => {
  it('names the browser, its major version and the operating system', () => {
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0')).toBe(
      'Firefox 132 on Linux',
    );
    expect(
      browserOf(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge 131 on Windows');
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome 131 on macOS');
    expect(
      browserOf(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari 17 on iOS');
    expect(
      browserOf(
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      ),
    ).toBe('Chrome 131 on Android');
  });

  it('shows an unknown client by its first product, and nothing for no string', () => {
    expect(browserOf('Test Browser/1.0')).toBe('Test Browser/1.0');
    expect(browserOf('node-fetch/1.0 (+https://example.test)')).toBe('node-fetch/1.0');
    expect(browserOf('')).toBeNull();
    expect(browserOf(null)).toBeNull();
  });
});
