import { describe, expect, it } from 'vitest';
import { renderMustache, TemplateError } from './render-mustache.ts';

describe('renderMustache', () => {
  const view = {
    event: { type: 'feature-created', data: { note: '<b>&' }, tags: [{ value: 'a' }, { value: 'b' }] },
    empty: [],
  };

  it('escapes double braces and leaves triple braces and & as they are', () => {
    expect(renderMustache('{{event.data.note}}|{{{event.data.note}}}|{{& event.data.note}}', view)).toBe(
      '&lt;b&gt;&amp;|<b>&|<b>&',
    );
  });

  it('renders missing names as nothing, objects as JSON, and skips comments', () => {
    expect(renderMustache('[{{nothing.here}}]{{! note }}{{{event.data}}}', view)).toBe('[]{"note":"<b>&"}');
  });

  it('repeats sections over lists, shows inverted sections for empty values', () => {
    expect(renderMustache('{{#event.tags}}{{value}},{{/event.tags}}{{^empty}}none{{/empty}}', view)).toBe(
      'a,b,none',
    );
  });

  it('refuses a section that is never closed', () => {
    expect(() => renderMustache('{{#event}}', view)).toThrow(TemplateError);
    expect(() => renderMustache('{{/event}}', view)).toThrow(TemplateError);
  });

  it('refuses a template whose body would grow past its limits, instead of rendering it', () => {
    const values = Array.from({ length: 300 }, (_, i) => `value-${i}`);
    const view = { event: { values } };
    const cube =
      '{{#event.values}}{{#event.values}}{{#event.values}}{{.}}{{/event.values}}{{/event.values}}{{/event.values}}';
    expect(() => renderMustache(cube, view)).toThrow(/more than 100000 sections/);
    const wide = { event: { values: Array.from({ length: 2000 }, () => 'x'.repeat(1000)) } };
    expect(() => renderMustache('{{#event.values}}{{.}}{{/event.values}}', wide)).toThrow(
      /larger than 1 MiB/,
    );
    // Within the limits, the same shapes render.
    expect(renderMustache('{{#event.values}}{{.}},{{/event.values}}', view)).toHaveLength(
      values.join(',').length + 1,
    );
  });
});
