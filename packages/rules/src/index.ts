export * from './operators.ts';
export * from './constraint-problems.ts';
export * from './built-in-strategies.ts';
export * from './flag-name.ts';
export * from './variant-weights.ts';
export * from './segments.ts';
export * from './flag-naming.ts';
export * from './token-expiry.ts';
