import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/client.ts';
import type { RequestOf, ResponseOf } from '../../api/wire.ts';
import { notifyError, notifySuccess } from '../../ui/notify.ts';

/** What an import sends: the target project and environment, and an export file's contents as `data`. */
export type ImportRequest = RequestOf<'validateImport'>;
/** An export file's contents, as an import takes them back. */
export type FlagExport = ImportRequest['data'];
export type ImportReport = ResponseOf<'validateImport'>;
export type ImportFinding = ImportReport['errors'][number];

export const isImportable = (report: ImportReport) =>
  report.errors.length === 0 && report.permissions.length === 0;

export function useExportFlags() {
  return useMutation({
    mutationFn: (body: RequestOf<'exportFeatures'>) => call('exportFeatures', { body }),
    onError: (error) => notifyError(error, 'export the flags'),
  });
}

/** Asks the server what an import would do; it changes nothing. */
export function useCheckImport() {
  return useMutation({
    mutationFn: (body: ImportRequest) => call('validateImport', { body }),
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
