/** No languages to add in the browser: code is highlighted at build time (plugins/rehype-highlight.ts). */
export default function prismIncludeLanguages(): void {}
