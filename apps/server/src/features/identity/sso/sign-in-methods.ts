import { publicPath } from '../../../http/base-path.ts';
import type { SignInHint } from '../../../http/errors.ts';
import { SAML_LOGIN_PATH } from './saml-client.ts';
import type { createSsoSettingsService } from './sso-settings-service.ts';

export const PASSWORD_LOGIN_PATH = '/auth/simple/login';
export const OIDC_LOGIN_PATH = '/auth/oidc/login';

type SignInButton = { buttonText: string; path: string } | null;
export type SignInMethods = { password: boolean; oidc: SignInButton; saml: SignInButton };

/**
 * The one answer to "how can a person sign in here": the sign-in page asks it (/auth/methods), and a 401 to a request
 * without credentials carries it in the fields Unleash's own sign-in page reads. Its paths are public ones, under
 * BASE_URI_PATH: a browser follows them as they are.
 */
export function createSignInMethods(settings: ReturnType<typeof createSsoSettingsService>, basePath: string) {
  async function methods(): Promise<SignInMethods> {
    const [oidc, saml, passwordDisabled] = await Promise.all([
      settings.oidc(),
      settings.saml(),
      settings.passwordDisabled(),
    ]);
    return {
      password: !passwordDisabled,
      oidc: oidc.enabled
        ? { buttonText: oidc.buttonText, path: publicPath(basePath, OIDC_LOGIN_PATH) }
        : null,
      saml: saml.enabled
        ? { buttonText: saml.buttonText, path: publicPath(basePath, SAML_LOGIN_PATH) }
        : null,
    };
  }

  /**
   * Always `type: password`, hidden when password login is off: Unleash's page then shows only the single sign-on
   * buttons, one per enabled method, where any other type would show one button for one method.
   */
  async function hint(): Promise<SignInHint> {
    const { password, oidc, saml } = await methods();
    const options = (['oidc', 'saml'] as const).flatMap((type) => {
      const button = type === 'oidc' ? oidc : saml;
      return button ? [{ type, message: button.buttonText, path: button.path }] : [];
    });
    return {
      type: 'password',
      path: publicPath(basePath, PASSWORD_LOGIN_PATH),
      defaultHidden: !password,
      options,
    };
  }

  return { methods, hint };
}
