import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderUi } from '../../testing/render.tsx';
import { LoginPage, ssoReturnPath } from './login-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const serve = (methods: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) =>
      new URL(request.url).pathname === '/auth/methods'
        ? Response.json(methods)
        : Response.json({ name: 'AuthenticationRequired', message: 'sign in' }, { status: 401 }),
    ),
  );

describe('sign-in page', () => {
  it('offers single sign-on when the server has it, coming back to this page', async () => {
    window.history.replaceState(null, '', '/projects/web?tab=flags&sso-error=old');
    serve({ password: true, oidc: { buttonText: 'Sign in with Acme SSO', path: '/auth/oidc/login' } });
    renderUi(<LoginPage />);
    const button = await screen.findByRole('link', { name: 'Sign in with Acme SSO' });
    expect(button.getAttribute('href')).toBe(
      `/auth/oidc/login?redirect=${encodeURIComponent('/projects/web?tab=flags')}`,
    );
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('offers only single sign-on when password login is off', async () => {
    serve({
      password: false,
      oidc: null,
      saml: { buttonText: 'Sign in with Acme SAML', path: '/auth/saml/login' },
    });
    renderUi(<LoginPage />);
    const button = await screen.findByRole('link', { name: 'Sign in with Acme SAML' }, { timeout: 10_000 });
    expect(button.getAttribute('href')).toBe(`/auth/saml/login?redirect=${encodeURIComponent('/')}`);
    expect(screen.queryByRole('button', { name: 'Sign in' })).toBeNull();
    expect(screen.queryByLabelText('Password')).toBeNull();
  });

  it('shows only the password form without single sign-on, and says why a single sign-on failed', async () => {
    window.history.replaceState(
      null,
      '',
      `/?sso-error=${encodeURIComponent('No Switchyard user has that email')}`,
    );
    serve({ password: true, oidc: null });
    renderUi(<LoginPage />);
    expect((await screen.findByRole('alert')).textContent).toContain('No Switchyard user has that email');
    await new Promise((resolve) => setTimeout(resolve, 50));
    // The one link left is the way to a forgotten password.
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Forgot password?']);
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgotten-password',
    );
  });

  it('drops only the error from the path it returns to', () => {
    expect(ssoReturnPath({ pathname: '/segments', search: '' })).toBe('/segments');
    expect(ssoReturnPath({ pathname: '/', search: '?sso-error=x' })).toBe('/');
    expect(ssoReturnPath({ pathname: '/p', search: '?a=1&sso-error=x&b=2' })).toBe('/p?a=1&b=2');
  });
});
