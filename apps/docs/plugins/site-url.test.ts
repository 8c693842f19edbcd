import { describe, expect, it } from 'vitest';
import { siteUrl } from './site-url';

describe('siteUrl', () => {
  it('serves from the root of localhost:3000 without DOCS_URL', () => {
    expect(siteUrl(undefined)).toEqual({ url: 'http://localhost:3000', baseUrl: '/' });
    expect(siteUrl('')).toEqual({ url: 'http://localhost:3000', baseUrl: '/' });
  });

  it('splits a host and a folder, with one trailing slash', () => {
    expect(siteUrl('https://docs.example.com')).toEqual({ url: 'https://docs.example.com', baseUrl: '/' });
    expect(siteUrl('https://cdn.example.com/switchyard')).toEqual({
      url: 'https://cdn.example.com',
      baseUrl: '/switchyard/',
    });
    expect(siteUrl('https://example.github.io/switchyard/docs/')).toEqual({
      url: 'https://example.github.io',
      baseUrl: '/switchyard/docs/',
    });
  });

  it('refuses what is not an absolute http(s) address', () => {
    expect(() => siteUrl('docs.example.com')).toThrow(/absolute/);
    expect(() => siteUrl('ftp://docs.example.com/')).toThrow(/http/);
    expect(() => siteUrl('https://docs.example.com/?v=1')).toThrow(/query/);
  });
});
