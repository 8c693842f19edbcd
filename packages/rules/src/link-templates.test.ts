import { describe, expect, it } from 'vitest';
import { linkFromTemplate, linkTemplateProblem } from './link-templates.ts';

describe('link templates', () => {
  it('puts the project and flag names, URL-encoded, where the placeholders are', () => {
    expect(
      linkFromTemplate('https://grafana.example.com/d/flags?project={{project}}&flag={{ feature }}', {
        project: 'web shop',
        feature: 'new/checkout',
      }),
    ).toBe('https://grafana.example.com/d/flags?project=web%20shop&flag=new%2Fcheckout');
    expect(linkFromTemplate('https://example.com/static', { project: 'p', feature: 'f' })).toBe(
      'https://example.com/static',
    );
  });

  it('accepts templates that make http(s) URLs and names what is wrong with others', () => {
    expect(linkTemplateProblem('https://tracker.example.com/browse/{{feature}}')).toBeUndefined();
    expect(linkTemplateProblem('http://{{project}}.example.com/')).toBeUndefined();
    expect(linkTemplateProblem('https://example.com/{{environment}}')).toBe(
      '"urlTemplate" knows only {{project}} and {{feature}}, not {{environment}}',
    );
    expect(linkTemplateProblem('javascript:alert({{feature}})')).toMatch(/must make an http or https URL/);
    expect(linkTemplateProblem('not a url')).toMatch(/must make an http or https URL/);
  });
});
