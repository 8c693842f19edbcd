import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

/** What an export holds; the UI only reads the flag names and passes the rest back to an import untouched. */
export type FlagExport = { features: { name: string }[] } & Record<string, unknown>;
export type ImportFinding = { message: string; affectedItems: string[] };
export type ImportReport = {
  errors: ImportFinding[];
  warnings: ImportFinding[];
  permissions: ImportFinding[];
};
export type ImportRequest = { project: string; environment: string; data: FlagExport };

export const isImportable = (report: ImportReport) =>
  report.errors.length === 0 && report.permissions.length === 0;

export function useExportFlags() {
  return useMutation({
    mutationFn: (body: { environment: string; project?: string; features?: string[] }) =>
      call<FlagExport>('exportFeatures', { body }),
    onError: (error) => notifyError(error, 'export the flags'),
  });
}

/** Asks the server what an import would do; it changes nothing. */
export function useCheckImport() {
  return useMutation({
    mutationFn: (body: ImportRequest) => call<ImportReport>('validateImport', { body }),
  });
}

export function useImportFlags() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ImportRequest) => call('importToggles', { body }),
    onSuccess: (_data, body) => {
      const count = body.data.features.length;
      notifySuccess(`Imported ${count} flag${count === 1 ? '' : 's'} into ${body.environment}`);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['flags'] }),
  });
}
