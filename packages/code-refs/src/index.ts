export { findCalls, type CallSite } from './find-calls.ts';
export { languageOf, type Language } from './languages.ts';
export {
  scanRepository,
  repositoryName,
  webUrl,
  type CodeReference,
  type ScanOptions,
  type ScanResult,
} from './scan-repository.ts';
