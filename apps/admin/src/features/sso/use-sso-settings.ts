import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { operations } from '../../api/schema';

type Json<T extends { responses: { 200: { content: { 'application/json': unknown } } } }> =
  T['responses'][200]['content']['application/json'];

export type OidcSettings = Json<operations['getOidcSettings']>;
export type SamlSettings = Json<operations['getSamlSettings']>;
export type PasswordSettings = Json<operations['getSimpleSettings']>;
export type SsoKind = 'oidc' | 'saml';

const OPERATIONS = {
  oidc: { get: 'getOidcSettings', set: 'setOidcSettings' },
  saml: { get: 'getSamlSettings', set: 'setSamlSettings' },
  simple: { get: 'getSimpleSettings', set: 'setSimpleSettings' },
} as const;
type Kind = keyof typeof OPERATIONS;

export function useAuthSettings<T>(kind: Kind) {
  return useQuery({ queryKey: ['auth-settings', kind], queryFn: () => call<T>(OPERATIONS[kind].get) });
}

export function useSaveAuthSettings<T>(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => call<T>(OPERATIONS[kind].set, { body }),
    onSuccess: (saved) => queryClient.setQueryData(['auth-settings', kind], saved),
    // The sign-in page's buttons and the other tabs' rule (password login needs single sign-on) may change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auth-settings'] }),
  });
}
