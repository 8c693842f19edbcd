import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';

export type SsoKind = 'oidc' | 'saml';

const OPERATIONS = {
  oidc: { get: 'getOidcSettings', set: 'setOidcSettings' },
  saml: { get: 'getSamlSettings', set: 'setSamlSettings' },
  simple: { get: 'getSimpleSettings', set: 'setSimpleSettings' },
} as const;
type Kind = keyof typeof OPERATIONS;
const settingsKey = (kind: Kind) => ['auth-settings', kind];

export function useOidcSettings() {
  return useQuery({ queryKey: settingsKey('oidc'), queryFn: () => call('getOidcSettings') });
}

export function useSamlSettings() {
  return useQuery({ queryKey: settingsKey('saml'), queryFn: () => call('getSamlSettings') });
}

export function usePasswordSettings() {
  return useQuery({ queryKey: settingsKey('simple'), queryFn: () => call('getSimpleSettings') });
}

export function useSaveAuthSettings(kind: Kind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) => call(OPERATIONS[kind].set, { body }),
    onSuccess: (saved) => queryClient.setQueryData(settingsKey(kind), saved),
    // The sign-in page's buttons and the other tabs' rule (password login needs single sign-on) may change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['auth-settings'] }),
  });
}
