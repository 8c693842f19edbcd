/**
 * The official SDKs' call sites, per language. The JavaScript family (Node, browser, React, Vue, Svelte) is read with
 * the TypeScript compiler; every other language with the small tokenizer of its family (tokenize.ts).
 */
export type Language =
  'javascript' | 'go' | 'java' | 'kotlin' | 'python' | 'ruby' | 'csharp' | 'php' | 'rust' | 'swift' | 'dart';

/** How comments and string literals are written: decides what the tokenizer strips and what it reads as a string. */
export type Family = 'c' | 'hash';

export interface LanguageRules {
  readonly language: Language;
  readonly family: Family;
  /** Method or function names whose first argument names the flag. */
  readonly methods: ReadonlySet<string>;
  /** A keyword label before the flag argument (Swift's `isEnabled(name: "x")`). */
  readonly label?: string;
  /** Block comments nest (a comment opened inside one needs its own close), as in Rust, Swift, Kotlin and Dart. */
  readonly nestedComments?: boolean;
  /** A call may omit its parentheses (Ruby: `UNLEASH.is_enabled? "x"`). */
  readonly bareArguments?: boolean;
  /** The flag may be an enum path whose last segment is its name (Rust: `UserFeatures::checkout`). */
  readonly enumPaths?: boolean;
}

const set = (...names: string[]) => new Set(names);

/** Node (`unleash-client`), browser (`unleash-proxy-client`), React/Vue/Svelte (`useFlag`, `useVariant`). */
export const javascriptMethods = set('isEnabled', 'getVariant', 'useFlag', 'useVariant');

const rules: Record<Exclude<Language, 'javascript'>, LanguageRules> = {
  go: { language: 'go', family: 'c', methods: set('IsEnabled', 'GetVariant') },
  java: { language: 'java', family: 'c', methods: set('isEnabled', 'getVariant') },
  kotlin: { language: 'kotlin', family: 'c', methods: set('isEnabled', 'getVariant'), nestedComments: true },
  python: { language: 'python', family: 'hash', methods: set('is_enabled', 'get_variant') },
  ruby: {
    language: 'ruby',
    family: 'hash',
    methods: set(
      'is_enabled?',
      'enabled?',
      'is_disabled?',
      'disabled?',
      'get_variant',
      'if_enabled',
      'if_disabled',
    ),
    bareArguments: true,
  },
  csharp: { language: 'csharp', family: 'c', methods: set('IsEnabled', 'GetVariant') },
  php: { language: 'php', family: 'c', methods: set('isEnabled', 'getVariant') },
  rust: {
    language: 'rust',
    family: 'c',
    methods: set('is_enabled', 'is_enabled_str', 'get_variant', 'get_variant_str'),
    nestedComments: true,
    enumPaths: true,
  },
  swift: {
    language: 'swift',
    family: 'c',
    methods: set('isEnabled', 'getVariant'),
    label: 'name',
    nestedComments: true,
  },
  dart: { language: 'dart', family: 'c', methods: set('isEnabled', 'getVariant'), nestedComments: true },
};

const byExtension: Record<string, Language> = {
  '.js': 'javascript',
  '.jsx': 'javascript',
  '.mjs': 'javascript',
  '.cjs': 'javascript',
  '.ts': 'javascript',
  '.tsx': 'javascript',
  '.mts': 'javascript',
  '.cts': 'javascript',
  '.vue': 'javascript',
  '.svelte': 'javascript',
  '.go': 'go',
  '.java': 'java',
  '.kt': 'kotlin',
  '.kts': 'kotlin',
  '.py': 'python',
  '.rb': 'ruby',
  '.cs': 'csharp',
  '.php': 'php',
  '.rs': 'rust',
  '.swift': 'swift',
  '.dart': 'dart',
};

/** The language of a file by its name, or undefined for a file no SDK is written in. */
export function languageOf(file: string): Language | undefined {
  const dot = file.lastIndexOf('.');
  return dot < 0 ? undefined : byExtension[file.slice(dot).toLowerCase()];
}

export function rulesOf(language: Exclude<Language, 'javascript'>): LanguageRules {
  return rules[language];
}
