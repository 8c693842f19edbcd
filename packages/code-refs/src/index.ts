export { findCalls, type CallSite } from './find-calls.ts';
export { languageOf, type Language } from './languages.ts';
export {
  scanRepository,
  sourceFiles,
  repositoryName,
  webUrl,
  type CodeReference,
  type ScanOptions,
  type ScanResult,
} from './scan-repository.ts';
export { removeFlagFromSource, type Keep, type Remaining, type Rewrite } from './remove-flag.ts';
export { removeFlag, type FlagRemoval } from './remove-flag-in-tree.ts';
export { unifiedPatch } from './patch.ts';
export { uploadCodeReferences, type UploadAnswer, type UploadTarget } from './upload.ts';
export { runRefs, runRemoveFlag, type Output } from './cli.ts';
