#!/usr/bin/env node
/**
 * Renders a Helm chart as `helm template` does, for machines without Helm: the Go text/template language and the
 * Sprig functions the Switchyard chart uses, no more (decision record 0046).
 *   node deploy/helm/render.mjs deploy/helm/switchyard [--set key=value ...] [-f values.yaml] [--name switchyard]
 * Supported: {{ }} with {{- -}} trimming and comments; if / else if / else, with / else, range (with $i, $v :=),
 * define, include, template; pipelines and parenthesised calls; . $ $var and field chains; and the functions in
 * FUNCTIONS below. Anything else is an error naming the file and line, never a silent difference.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, stringify } from 'yaml';

export class TemplateError extends Error {}

// ---------------------------------------------------------------------------------------------------------------
// Lexing: text and actions, with Go's trim markers ("{{- " trims whitespace before, " -}}" after).

function lex(source, name) {
  const pieces = [];
  let at = 0;
  while (at < source.length) {
    const open = source.indexOf('{{', at);
    if (open < 0) {
      pieces.push({ type: 'text', text: source.slice(at) });
      break;
    }
    pieces.push({ type: 'text', text: source.slice(at, open) });
    const trimBefore = /^\{\{-[ \t\r\n]/.test(source.slice(open, open + 4));
    const start = open + (trimBefore ? 3 : 2);
    let close;
    if (source.slice(start).trimStart().startsWith('/*')) {
      const end = source.indexOf('*/', start);
      close = end < 0 ? -1 : source.indexOf('}}', end);
    } else close = findClose(source, start);
    if (close < 0) throw new TemplateError(`${name}:${lineOf(source, open)}: unclosed action`);
    const trimAfter = /[ \t\r\n]-$/.test(source.slice(close - 2, close));
    const body = source.slice(start, trimAfter ? close - 2 : close).trim();
    if (trimBefore) {
      const last = pieces[pieces.length - 1];
      last.text = last.text.replace(/\s+$/, '');
    }
    at = close + 2;
    if (trimAfter) while (at < source.length && /\s/.test(source[at])) at++;
    if (!body.startsWith('/*')) pieces.push({ type: 'action', body, line: lineOf(source, open) });
  }
  return pieces.filter((piece) => piece.type !== 'text' || piece.text !== '');
}

/** The closing braces of an action, skipping those inside string literals. */
function findClose(source, from) {
  for (let i = from; i < source.length; i++) {
    const c = source[i];
    if (c === '"' || c === '`') {
      const quote = c;
      for (i++; i < source.length && source[i] !== quote; i++) if (quote === '"' && source[i] === '\\') i++;
    } else if (c === '}' && source[i + 1] === '}') return i;
  }
  return -1;
}

const lineOf = (source, index) => source.slice(0, index).split('\n').length;

// ---------------------------------------------------------------------------------------------------------------
// Expressions: pipelines of commands whose operands are literals, variables, field chains or parenthesised pipelines.

function tokenize(text, where) {
  const tokens = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) i++;
    else if (c === '(' || c === ')' || c === '|' || c === ',') {
      tokens.push({ t: c, pos: i });
      i++;
    } else if (text.startsWith(':=', i)) {
      tokens.push({ t: ':=' });
      i += 2;
    } else if (c === '=' && text[i + 1] !== '=') {
      tokens.push({ t: '=' });
      i++;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      tokens.push({ t: 'value', value: JSON.parse(text.slice(i, j + 1)) });
      i = j + 1;
    } else if (c === '`') {
      const j = text.indexOf('`', i + 1);
      tokens.push({ t: 'value', value: text.slice(i + 1, j) });
      i = j + 1;
    } else {
      const word = /^[^\s()|,]+/.exec(text.slice(i))[0];
      i += word.length;
      if (/^-?\d+(\.\d+)?$/.test(word)) tokens.push({ t: 'value', value: Number(word) });
      else if (word === 'true' || word === 'false') tokens.push({ t: 'value', value: word === 'true' });
      else if (word === 'nil') tokens.push({ t: 'value', value: null });
      else if (word.startsWith('.') || word.startsWith('$'))
        tokens.push({ t: 'ref', word, pos: i - word.length });
      else if (/^[A-Za-z_]\w*$/.test(word)) tokens.push({ t: 'ident', word });
      else throw new TemplateError(`${where}: cannot read "${word}"`);
    }
  }
  return tokens;
}

function parsePipeline(text, where) {
  const tokens = tokenize(text, where);
  let at = 0;
  const declare = [];
  // "$v := ..." or "$i, $v := ..."
  if (tokens[0]?.t === 'ref' && tokens[0].word.startsWith('$')) {
    let j = 0;
    const names = [tokens[j++].word];
    if (tokens[j]?.t === ',' && tokens[j + 1]?.t === 'ref') {
      names.push(tokens[j + 1].word);
      j += 2;
    }
    if (tokens[j]?.t === ':=' || tokens[j]?.t === '=') {
      declare.push(...names);
      at = j + 1;
    }
  }
  const pipeline = () => {
    const commands = [command()];
    while (tokens[at]?.t === '|') {
      at++;
      commands.push(command());
    }
    return { commands };
  };
  const command = () => {
    const operands = [];
    while (at < tokens.length && tokens[at].t !== '|' && tokens[at].t !== ')') operands.push(operand());
    if (operands.length === 0) throw new TemplateError(`${where}: empty command`);
    return operands;
  };
  const operand = () => {
    const token = tokens[at++];
    if (token.t === '(') {
      const inner = pipeline();
      const close = tokens[at++];
      if (close?.t !== ')') throw new TemplateError(`${where}: missing )`);
      // (pipeline).Field, with nothing between the parenthesis and the field
      const next = tokens[at];
      if (next?.t === 'ref' && next.pos === close.pos + 1 && next.word.startsWith('.') && next.word !== '.')
        return { kind: 'chain', base: { kind: 'pipe', pipeline: inner }, fields: fields(tokens[at++].word) };
      return { kind: 'pipe', pipeline: inner };
    }
    if (token.t === 'value') return { kind: 'value', value: token.value };
    if (token.t === 'ident') return { kind: 'ident', name: token.word };
    if (token.t === 'ref') {
      const word = token.word;
      if (word === '.') return { kind: 'dot' };
      if (word.startsWith('.')) return { kind: 'chain', base: { kind: 'dot' }, fields: fields(word) };
      const [variable, ...rest] = word.split('.');
      return { kind: 'chain', base: { kind: 'var', name: variable }, fields: rest };
    }
    throw new TemplateError(`${where}: unexpected "${token.t}"`);
  };
  const fields = (word) => word.slice(1).split('.');
  const result = pipeline();
  if (at !== tokens.length) throw new TemplateError(`${where}: unexpected "${tokens[at].t}"`);
  return { ...result, declare };
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing actions into a tree: text, output, if, with, range, define, template.

function parseTemplate(source, name) {
  const pieces = lex(source, name);
  let at = 0;
  const defines = {};
  const block = (stops) => {
    const nodes = [];
    while (at < pieces.length) {
      const piece = pieces[at];
      if (piece.type === 'text') {
        nodes.push({ kind: 'text', text: piece.text });
        at++;
        continue;
      }
      const where = `${name}:${piece.line}`;
      const [keyword] = piece.body.split(/\s/, 1);
      if (stops.includes(keyword)) return { nodes, stop: piece };
      at++;
      if (keyword === 'if' || keyword === 'with' || keyword === 'range') {
        nodes.push(branching(keyword, piece.body.slice(keyword.length), where));
      } else if (keyword === 'define') {
        const defined = /^define\s+"([^"]+)"$/.exec(piece.body);
        if (!defined) throw new TemplateError(`${where}: define needs a quoted name`);
        const body = block(['end']);
        if (!body.stop) throw new TemplateError(`${where}: define without end`);
        at++;
        defines[defined[1]] = body.nodes;
      } else if (keyword === 'template') {
        const called = /^template\s+"([^"]+)"\s*(.*)$/.exec(piece.body);
        if (!called) throw new TemplateError(`${where}: template needs a quoted name`);
        nodes.push({
          kind: 'template',
          name: called[1],
          pipeline: called[2] ? parsePipeline(called[2], where) : null,
          where,
        });
      } else if (['end', 'else', 'block', 'break', 'continue'].includes(keyword)) {
        throw new TemplateError(`${where}: unexpected {{ ${keyword} }}`);
      } else nodes.push({ kind: 'output', pipeline: parsePipeline(piece.body, where), where });
    }
    if (stops.length) throw new TemplateError(`${name}: missing {{ end }}`);
    return { nodes, stop: null };
  };
  const branching = (kind, condition, where) => {
    const node = { kind, pipeline: parsePipeline(condition, where), where, then: [], otherwise: [] };
    const body = block(['else', 'end']);
    node.then = body.nodes;
    at++;
    if (body.stop.body === 'else') {
      node.otherwise = block(['end']).nodes;
      at++;
    } else if (body.stop.body.startsWith('else if ') && kind === 'if') {
      // "else if c" is an if inside the else branch, sharing the one end.
      node.otherwise = [branching('if', body.stop.body.slice('else if'.length), where)];
    } else if (body.stop.body !== 'end')
      throw new TemplateError(`${where}: unsupported {{ ${body.stop.body} }}`);
    return node;
  };
  const { nodes } = block([]);
  return { nodes, defines };
}

// ---------------------------------------------------------------------------------------------------------------
// Evaluation.

/** Go's truth: false, 0, nil, and empty strings, lists and maps are false. */
export function truthy(value) {
  if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** A value as {{ }} prints it (Helm prints a missing value as nothing). */
function show(value) {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return `[${value.map(show).join(' ')}]`;
  if (typeof value === 'object')
    return `map[${Object.keys(value)
      .sort()
      .map((key) => `${key}:${show(value[key])}`)
      .join(' ')}]`;
  return String(value);
}

const toYaml = (value) =>
  value === null || value === undefined
    ? 'null'
    : stringify(value, { sortMapEntries: true, indentSeq: false, lineWidth: 0 }).replace(/\n$/, '');

const indent = (spaces, text) =>
  String(text)
    .split('\n')
    .map((line) => ' '.repeat(spaces) + line)
    .join('\n');

/** Go's %q, for the strings charts quote. */
const goQuote = (value) => JSON.stringify(show(value));

function sprintf(format, ...args) {
  let next = 0;
  return format.replace(/%([svdq%])/g, (_, verb) => {
    if (verb === '%') return '%';
    const value = args[next++];
    if (verb === 'q') return goQuote(value);
    if (verb === 'd') return String(Math.trunc(Number(value)));
    return show(value);
  });
}

const compare = (name, test) => (a, b) => {
  if (typeof a !== typeof b) throw new TemplateError(`${name}: incompatible types for comparison`);
  return test(a, b);
};

/** Go's and Sprig's functions, those the chart uses and their near relations. */
const FUNCTIONS = {
  and: (...values) => values.find((value) => !truthy(value)) ?? values[values.length - 1],
  or: (...values) => values.find(truthy) ?? values[values.length - 1],
  not: (value) => !truthy(value),
  eq: (a, ...others) => others.some((b) => a === b),
  ne: (a, b) => a !== b,
  lt: compare('lt', (a, b) => a < b),
  le: compare('le', (a, b) => a <= b),
  gt: compare('gt', (a, b) => a > b),
  ge: compare('ge', (a, b) => a >= b),
  len: (value) =>
    typeof value === 'object' && value !== null ? Object.keys(value).length : show(value).length,
  print: (...values) => values.map(show).join(''),
  printf: (format, ...args) => sprintf(format, ...args),
  default: (fallback, ...given) => (given.length && truthy(given[0]) ? given[0] : fallback),
  empty: (value) => !truthy(value),
  required: (message, value) => {
    if (!truthy(value)) throw new TemplateError(message);
    return value;
  },
  fail: (message) => {
    throw new TemplateError(message);
  },
  quote: (...values) =>
    values
      .filter((value) => value !== null && value !== undefined)
      .map(goQuote)
      .join(' '),
  squote: (...values) => values.map((value) => `'${show(value)}'`).join(' '),
  toString: (value) => show(value),
  toYaml,
  toJson: (value) => JSON.stringify(value ?? null),
  int: (value) => Math.trunc(Number(value) || 0),
  indent: (spaces, text) => indent(spaces, text),
  nindent: (spaces, text) => `\n${indent(spaces, text)}`,
  trim: (text) => show(text).trim(),
  trimAll: (cut, text) =>
    show(text).replace(new RegExp(`^[${escapeClass(cut)}]+|[${escapeClass(cut)}]+$`, 'g'), ''),
  trimPrefix: (prefix, text) =>
    show(text).startsWith(prefix) ? show(text).slice(prefix.length) : show(text),
  trimSuffix: (suffix, text) =>
    suffix && show(text).endsWith(suffix) ? show(text).slice(0, -suffix.length) : show(text),
  trunc: (length, text) => (length >= 0 ? show(text).slice(0, length) : show(text).slice(length)),
  contains: (part, text) => show(text).includes(part),
  hasPrefix: (prefix, text) => show(text).startsWith(prefix),
  hasSuffix: (suffix, text) => show(text).endsWith(suffix),
  replace: (from, to, text) => show(text).split(from).join(to),
  lower: (text) => show(text).toLowerCase(),
  upper: (text) => show(text).toUpperCase(),
  b64enc: (text) => Buffer.from(show(text)).toString('base64'),
  sha256sum: (text) => createHash('sha256').update(show(text)).digest('hex'),
  list: (...values) => values,
  dict: (...pairs) => {
    const map = {};
    for (let i = 0; i < pairs.length; i += 2) map[show(pairs[i])] = pairs[i + 1] ?? '';
    return map;
  },
  ternary: (yes, no, test) => (truthy(test) ? yes : no),
};

const escapeClass = (text) => text.replace(/[\\\]^-]/g, '\\$&');

function evaluate(nodes, dot, scope, context) {
  let out = '';
  for (const node of nodes) {
    if (node.kind === 'text') out += node.text;
    else if (node.kind === 'output') {
      const value = runPipeline(node.pipeline, dot, scope, context, node.where);
      if (!node.pipeline.declare.length) out += show(value);
    } else if (node.kind === 'if') {
      const inner = new Map(scope);
      const test = runPipeline(node.pipeline, dot, inner, context, node.where);
      out += evaluate(truthy(test) ? node.then : node.otherwise, dot, inner, context);
    } else if (node.kind === 'with') {
      const inner = new Map(scope);
      const value = runPipeline(node.pipeline, dot, inner, context, node.where);
      out += truthy(value)
        ? evaluate(node.then, value, inner, context)
        : evaluate(node.otherwise, dot, inner, context);
    } else if (node.kind === 'range') {
      const inner = new Map(scope);
      const declare = node.pipeline.declare;
      const value = runPipeline({ ...node.pipeline, declare: [] }, dot, inner, context, node.where);
      const entries = Array.isArray(value)
        ? value.map((item, i) => [i, item])
        : value && typeof value === 'object'
          ? Object.keys(value)
              .sort()
              .map((key) => [key, value[key]])
          : typeof value === 'number'
            ? Array.from({ length: value }, (_, i) => [i, i])
            : [];
      if (!entries.length) out += evaluate(node.otherwise, dot, inner, context);
      for (const [key, item] of entries) {
        const each = new Map(inner);
        if (declare.length === 1) each.set(declare[0], item);
        if (declare.length === 2) each.set(declare[0], key).set(declare[1], item);
        out += evaluate(node.then, item, each, context);
      }
    } else if (node.kind === 'template') {
      const argument = node.pipeline ? runPipeline(node.pipeline, dot, scope, context, node.where) : null;
      out += context.include(node.name, argument, node.where);
    }
  }
  return out;
}

function runPipeline(pipeline, dot, scope, context, where) {
  let value;
  let piped = false;
  for (const command of pipeline.commands) {
    value = runCommand(command, dot, scope, context, where, piped ? [value] : []);
    piped = true;
  }
  if (pipeline.declare?.length === 1) scope.set(pipeline.declare[0], value);
  return value;
}

function runCommand(operands, dot, scope, context, where, piped) {
  const [head, ...rest] = operands;
  const argument = (operand) => operandValue(operand, dot, scope, context, where);
  if (head.kind === 'ident') {
    const args = [...rest.map(argument), ...piped];
    if (head.name === 'include') return context.include(args[0], args[1], where);
    const fn = FUNCTIONS[head.name];
    if (!fn) throw new TemplateError(`${where}: function "${head.name}" is not supported by this renderer`);
    return fn(...args);
  }
  if (rest.length || piped.length)
    throw new TemplateError(`${where}: can't give arguments to a non-function`);
  return argument(head);
}

function operandValue(operand, dot, scope, context, where) {
  switch (operand.kind) {
    case 'value':
      return operand.value;
    case 'dot':
      return dot;
    case 'ident':
      return runCommand([operand], dot, scope, context, where, []);
    case 'var': {
      if (operand.name === '$') return context.root;
      if (!scope.has(operand.name)) throw new TemplateError(`${where}: undefined variable ${operand.name}`);
      return scope.get(operand.name);
    }
    case 'pipe':
      return runPipeline(operand.pipeline, dot, new Map(scope), context, where);
    case 'chain': {
      let value = operandValue(operand.base, dot, scope, context, where);
      const walked = [];
      for (const field of operand.fields) {
        if (value === null || value === undefined)
          throw new TemplateError(`${where}: nil pointer evaluating .${walked.join('.')}.${field}`);
        walked.push(field);
        value = typeof value === 'object' ? value[field] : undefined;
      }
      return value;
    }
  }
  throw new TemplateError(`${where}: cannot evaluate ${operand.kind}`);
}

// ---------------------------------------------------------------------------------------------------------------
// Charts.

/** Merges `override` into `base` as Helm merges values: maps deeply, everything else replaced. */
export function mergeValues(base, override) {
  if (!isMap(base) || !isMap(override)) return override === undefined ? base : override;
  const merged = { ...base };
  for (const [key, value] of Object.entries(override)) merged[key] = mergeValues(base[key], value);
  return merged;
}
const isMap = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);

/** `--set a.b=c`: a value at a dotted path; numbers and booleans as Helm reads them. */
export function setValue(values, assignment) {
  const equals = assignment.indexOf('=');
  if (equals < 0) throw new TemplateError(`--set ${assignment}: expected key=value`);
  const keys = assignment.slice(0, equals).split('.');
  const raw = assignment.slice(equals + 1);
  const value = /^-?\d+$/.test(raw) ? Number(raw) : raw === 'true' ? true : raw === 'false' ? false : raw;
  const override = keys.reduceRight((inner, key) => ({ [key]: inner }), value);
  return mergeValues(values, override);
}

/**
 * Renders the chart in `chartDir` with `values` over its values.yaml: every template file in order, as
 * `helm template` prints them ("# Source:" lines included), files with no output left out, NOTES.txt skipped.
 */
export function renderChart(
  chartDir,
  { values = {}, releaseName = 'switchyard', namespace = 'default' } = {},
) {
  const chart = parse(readFileSync(path.join(chartDir, 'Chart.yaml'), 'utf8'));
  const defaults = parse(readFileSync(path.join(chartDir, 'values.yaml'), 'utf8')) ?? {};
  const templatesDir = path.join(chartDir, 'templates');
  const files = readdirSync(templatesDir)
    .filter((file) => /\.(ya?ml|tpl|txt)$/.test(file))
    .sort();
  const parsed = new Map();
  const defines = {};
  for (const file of files) {
    const name = `${chart.name}/templates/${file}`;
    const template = parseTemplate(readFileSync(path.join(templatesDir, file), 'utf8'), name);
    parsed.set(name, template);
    Object.assign(defines, template.defines);
  }
  const chartObject = {
    Name: chart.name,
    Version: chart.version,
    AppVersion: chart.appVersion,
    Description: chart.description,
    KubeVersion: chart.kubeVersion,
  };
  const root = {
    Values: mergeValues(defaults, values),
    Release: {
      Name: releaseName,
      Namespace: namespace,
      Service: 'Helm',
      IsInstall: true,
      IsUpgrade: false,
      Revision: 1,
    },
    Chart: chartObject,
    Capabilities: { KubeVersion: { Version: 'v1.32.0', Major: '1', Minor: '32' } },
  };
  const documents = [];
  for (const [name, template] of parsed) {
    const file = path.basename(name);
    if (file.startsWith('_') || file === 'NOTES.txt') continue;
    const context = {
      root: { ...root, Template: { Name: name, BasePath: `${chart.name}/templates` } },
      include(includeName, argument, where) {
        const body = defines[includeName] ?? parsed.get(includeName)?.nodes;
        if (!body) throw new TemplateError(`${where}: no template "${includeName}"`);
        return evaluate(body, argument, new Map(), context);
      },
    };
    const text = evaluate(template.nodes, context.root, new Map(), context);
    if (text.trim()) documents.push(`---\n# Source: ${name}\n${text.replace(/^\s*\n/, '')}`);
  }
  return documents.join('\n') + '\n';
}

/** One template's text with `dot` as its data, after the templates of `defines`: for tests of the language. */
export function renderTemplate(source, dot, defines = '') {
  const library = parseTemplate(defines, 'defines');
  const template = parseTemplate(source, 'template');
  const all = { ...library.defines, ...template.defines };
  const context = {
    root: dot,
    include(name, argument, where) {
      if (!all[name]) throw new TemplateError(`${where}: no template "${name}"`);
      return evaluate(all[name], argument, new Map(), context);
    },
  };
  return evaluate(template.nodes, dot, new Map(), context);
}

/** The rendered manifests as objects, one per YAML document. */
export function renderManifests(chartDir, options) {
  return renderChart(chartDir, options)
    .split(/^---$/m)
    .map((text) => parse(text))
    .filter((document) => document !== null && document !== undefined);
}

function main(argv) {
  let chartDir;
  let values = {};
  let releaseName = 'switchyard';
  let namespace = 'default';
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--set') values = setValue(values, argv[++i]);
    else if (arg === '-f' || arg === '--values')
      values = mergeValues(values, parse(readFileSync(argv[++i], 'utf8')) ?? {});
    else if (arg === '--name') releaseName = argv[++i];
    else if (arg === '--namespace' || arg === '-n') namespace = argv[++i];
    else if (!chartDir) chartDir = arg;
    else throw new TemplateError(`unknown argument ${arg}`);
  }
  if (!chartDir)
    throw new TemplateError('usage: render.mjs <chart dir> [--set k=v] [-f values.yaml] [--name n]');
  process.stdout.write(renderChart(chartDir, { values, releaseName, namespace }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    console.error(`Error: ${error.message}`);
    process.exit(1);
  }
}
