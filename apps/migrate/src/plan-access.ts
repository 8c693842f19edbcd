import { isWeakSecret } from '@switchyard/access';
import type { AdminClient } from './admin-client.ts';
import type { Step } from './plan.ts';
import type { ApiToken, Snapshot } from './snapshot.ts';

/** Unleash shows a secret parameter of an integration as this mask. */
const MASK = /^\*+$/;

/** API tokens (with their secrets, so SDKs keep working), users (with reset links), integrations. */
export function planAccess(source: Snapshot, target: Snapshot): Step[] {
  const steps: Step[] = [];
  for (const token of source.apiTokens) {
    const key = `${token.type} ${token.tokenName} (${token.projects.join(',')}:${token.environment})`;
    if (!token.secret) {
      steps.push({
        kind: 'API token',
        key,
        action: 'manual',
        detail: 'the source does not reveal its secret: create a token on Switchyard and give it to the SDKs',
      });
    } else if (target.apiTokens.some((t) => t.secret === token.secret)) {
      steps.push({ kind: 'API token', key, action: 'skip' });
    } else {
      const secret = token.secret;
      steps.push({
        kind: 'API token',
        key,
        action: 'create',
        ...(isWeakSecret(secret) ? { detail: 'a weak secret, kept as it is: rotate it' } : {}),
        run: async ({ target }) => {
          await target.send('POST', '/api/admin/api-tokens', {
            tokenName: token.tokenName || `migrated-${token.type}`,
            type: token.type,
            environment: token.environment,
            projects: token.projects,
            expiresAt: token.expiresAt,
            secret,
            // An existing token, moved as it is even when its secret is too short for a new one (0015).
            imported: true,
          });
        },
      });
    }
  }

  for (const user of source.users) {
    const id = user.email ?? user.username;
    if (!id) continue;
    const exists = target.users.some(
      (u) => (user.email && u.email === user.email) || (user.username && u.username === user.username),
    );
    steps.push(
      exists
        ? { kind: 'user', key: id, action: 'skip' }
        : {
            kind: 'user',
            key: id,
            action: 'create',
            detail: `${user.rootRole}, gets a reset link`,
            run: async ({ target, resetLinks }) => {
              await target.send('POST', '/api/admin/user-admin', {
                ...(user.email ? { email: user.email } : {}),
                ...(user.username ? { username: user.username } : {}),
                ...(user.name ? { name: user.name } : {}),
                rootRole: user.rootRole,
              });
              const reset = await target.send<{ resetPasswordUrl?: string }>(
                'POST',
                '/api/admin/user-admin/reset-password',
                { id },
              );
              if (reset?.resetPasswordUrl) resetLinks.set(id, reset.resetPasswordUrl);
            },
          },
    );
  }

  for (const integration of source.integrations) {
    const key = `${integration.provider}${integration.description ? ` "${integration.description}"` : ''}`;
    const exists = target.integrations.some(
      (i) => i.provider === integration.provider && i.description === integration.description,
    );
    const masked = Object.entries(integration.parameters)
      .filter(([, value]) => typeof value === 'string' && MASK.test(value))
      .map(([name]) => name);
    if (exists) steps.push({ kind: 'integration', key, action: 'skip' });
    else if (masked.length)
      steps.push({
        kind: 'integration',
        key,
        action: 'manual',
        detail: `the source masks ${masked.join(', ')}: create it on Switchyard and enter them again`,
      });
    else
      steps.push({
        kind: 'integration',
        key,
        action: 'create',
        run: async ({ target }) => {
          await target.send('POST', '/api/admin/addons', integration);
        },
      });
  }
  return steps;
}

/** Which of these secrets the target already accepts: the only way to see a token it lists masked. */
export async function acceptedSecrets(target: AdminClient, tokens: ApiToken[]): Promise<ApiToken[]> {
  const accepted: ApiToken[] = [];
  for (const token of tokens) {
    if (!token.secret) continue;
    const path = { client: '/api/client/features', frontend: '/api/frontend', admin: '/api/admin/projects' }[
      token.type
    ];
    try {
      await target.client(path, token.secret);
      accepted.push(token);
    } catch {
      // 401: not there yet.
    }
  }
  return accepted;
}
