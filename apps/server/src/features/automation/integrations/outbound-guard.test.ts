import { describe, expect, it } from 'vitest';
import { guardedLookup, isNonPublicAddress, urlProblem } from './outbound-guard.ts';

describe('outbound guard', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.1',
    '172.16.5.4',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '::1',
    '::',
    'fe80::1',
    'fd00::1',
    '::ffff:127.0.0.1',
    '::ffff:a00:1',
  ])('treats %s as non-public', (address) => expect(isNonPublicAddress(address)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1'])('treats %s as public', (address) =>
    expect(isNonPublicAddress(address)).toBe(false),
  );

  it('refuses private URLs unless a host or address is allowed, or *', async () => {
    expect(await urlProblem({ allowedHosts: [] }, 'http://10.0.0.1/x')).toMatch(/private address/);
    expect(await urlProblem({ allowedHosts: [] }, 'http://[fd00::1]/x')).toMatch(/private address/);
    expect(await urlProblem({ allowedHosts: ['10.0.0.1'] }, 'http://10.0.0.1/x')).toBeUndefined();
    expect(await urlProblem({ allowedHosts: ['*'] }, 'http://10.0.0.1/x')).toBeUndefined();
    expect(await urlProblem({ allowedHosts: [] }, 'http://localhost:4242/')).toMatch(/localhost resolves to/);
    expect(await urlProblem({ allowedHosts: ['localhost'] }, 'http://localhost:4242/')).toBeUndefined();
    expect(await urlProblem({ allowedHosts: [] }, 'http://8.8.8.8/')).toBeUndefined();
    expect(await urlProblem({ allowedHosts: [] }, 'file:///etc/passwd')).toBe('must be an http or https URL');
    expect(await urlProblem({ allowedHosts: [] }, 'not a url')).toBe('must be an http or https URL');
  });

  it('refuses at lookup time, whatever the name resolved to when the URL was saved', async () => {
    const lookup = guardedLookup({ allowedHosts: [] });
    const error = await new Promise<Error | null>((resolve) => lookup('localhost', {}, (e) => resolve(e)));
    expect(error?.message).toMatch(/localhost resolves to/);
    const allowed = guardedLookup({ allowedHosts: ['localhost'] });
    const address = await new Promise<string>((resolve, reject) =>
      allowed('localhost', {}, (e, a) => (e ? reject(e) : resolve(a as string))),
    );
    expect(isNonPublicAddress(address)).toBe(true);
  });
});
