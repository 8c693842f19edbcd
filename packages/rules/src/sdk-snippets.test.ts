import { describe, expect, it } from 'vitest';
import { SDK_LANGUAGES, sdkApiUrl, sdkSnippet, tokenTypeFor } from './sdk-snippets.ts';

const values = {
  serverUrl: 'https://flags.example.com/unleash/',
  token: 'web:development.abc123',
  appName: 'checkout',
  flagName: 'new-checkout',
};

describe('SDK snippets', () => {
  it('fills every language with the URL of its side, the token and the application name', () => {
    for (const language of SDK_LANGUAGES) {
      const snippet = sdkSnippet(language.id, values)!;
      const url =
        language.side === 'frontend'
          ? 'https://flags.example.com/unleash/api/frontend'
          : 'https://flags.example.com/unleash/api/';
      expect(snippet, language.id).toContain(`"${url}"`);
      expect(snippet, language.id).toContain('"web:development.abc123"');
      expect(snippet, language.id).toContain('"checkout"');
      expect(snippet, language.id).toContain('"new-checkout"');
    }
  });

  it('quotes values so a quote in them cannot end the string', () => {
    const snippet = sdkSnippet('node', { ...values, appName: 'a"b' })!;
    expect(snippet).toContain('appName: "a\\"b"');
  });

  it('has no snippet for a language it does not know', () => {
    expect(sdkSnippet('cobol', values)).toBeUndefined();
  });

  it('names the token type and URL each side needs', () => {
    expect(tokenTypeFor('server')).toBe('client');
    expect(tokenTypeFor('frontend')).toBe('frontend');
    expect(sdkApiUrl('server', 'http://127.0.0.1:4242')).toBe('http://127.0.0.1:4242/api/');
    expect(sdkApiUrl('frontend', 'http://127.0.0.1:4242')).toBe('http://127.0.0.1:4242/api/frontend');
  });
});
