import type { FlagExport } from './use-flag-transfer.ts';

export type ParsedExport = { data?: FlagExport; problem?: string };

/**
 * Reads the text of an export file before anything is sent: not JSON, or JSON that is not an export, is said here
 * in words. Whether the flags fit this project is for the server's check to say.
 */
export function parseExport(text: string): ParsedExport {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { problem: `This is not JSON: ${(error as Error).message}` };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return { problem: 'An export is a JSON object with "features" and "featureStrategies" lists.' };
  const record = value as Record<string, unknown>;
  if (!Array.isArray(record.features) || !Array.isArray(record.featureStrategies))
    return { problem: 'An export is a JSON object with "features" and "featureStrategies" lists.' };
  if (record.features.length === 0) return { problem: 'This export holds no flags.' };
  return { data: record as FlagExport };
}
