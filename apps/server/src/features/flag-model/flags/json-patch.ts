import { BadDataError } from '../../../http/errors.ts';

/** One RFC 6902 operation, as the PATCH endpoints accept them. */
export type PatchOperation = {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
};

type Container = Record<string, unknown> | unknown[];

function fail(index: number, message: string): never {
  throw new BadDataError(`JSON Patch operation ${index} failed: ${message}`, [
    { message, path: `/body/${index}` },
  ]);
}

function parsePointer(pointer: string, index: number): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) fail(index, `"${pointer}" is not a JSON pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replaceAll('~1', '/').replaceAll('~0', '~'));
}

const isContainer = (value: unknown): value is Container => typeof value === 'object' && value !== null;

function parentOf(document: unknown, tokens: string[], index: number): [Container, string] {
  let current = document;
  for (const token of tokens.slice(0, -1)) {
    if (!isContainer(current)) fail(index, `no value at "/${tokens.join('/')}"`);
    current = Array.isArray(current) ? current[Number(token)] : current[token];
  }
  if (!isContainer(current)) fail(index, `no value at "/${tokens.join('/')}"`);
  return [current, tokens.at(-1)!];
}

function arrayIndex(array: unknown[], token: string, index: number, allowEnd: boolean): number {
  if (allowEnd && token === '-') return array.length;
  if (!/^(0|[1-9]\d*)$/.test(token)) fail(index, `"${token}" is not an array index`);
  const position = Number(token);
  if (position > array.length || (!allowEnd && position === array.length)) {
    fail(index, `array index ${position} is out of range`);
  }
  return position;
}

function read(document: unknown, pointer: string, index: number): unknown {
  let current = document;
  for (const token of parsePointer(pointer, index)) {
    if (Array.isArray(current)) current = current[arrayIndex(current, token, index, false)];
    else if (isContainer(current) && Object.hasOwn(current, token))
      current = (current as Record<string, unknown>)[token];
    else fail(index, `no value at "${pointer}"`);
  }
  return current;
}

function remove(document: unknown, pointer: string, index: number): unknown {
  const tokens = parsePointer(pointer, index);
  if (tokens.length === 0) fail(index, 'cannot remove the whole document');
  const [parent, key] = parentOf(document, tokens, index);
  if (Array.isArray(parent)) return parent.splice(arrayIndex(parent, key, index, false), 1)[0];
  if (!Object.hasOwn(parent, key)) fail(index, `no value at "${pointer}"`);
  const value = parent[key];
  delete parent[key];
  return value;
}

function add(document: unknown, pointer: string, value: unknown, index: number, replace: boolean): unknown {
  const tokens = parsePointer(pointer, index);
  if (tokens.length === 0) return value;
  const [parent, key] = parentOf(document, tokens, index);
  if (Array.isArray(parent)) {
    const position = arrayIndex(parent, key, index, !replace);
    parent.splice(position, replace ? 1 : 0, value);
  } else {
    if (replace && !Object.hasOwn(parent, key)) fail(index, `no value at "${pointer}" to replace`);
    parent[key] = value;
  }
  return document;
}

const clone = <T>(value: T): T => structuredClone(value);

/** Applies operations to a copy of document and returns it; the first failing operation is a 400. */
export function applyPatch<T>(document: T, operations: PatchOperation[]): T {
  let result: unknown = clone(document);
  operations.forEach((operation, index) => {
    switch (operation.op) {
      case 'add':
      case 'replace':
        if (!('value' in operation)) fail(index, `"${operation.op}" needs a "value"`);
        result = add(result, operation.path, clone(operation.value), index, operation.op === 'replace');
        break;
      case 'remove':
        remove(result, operation.path, index);
        break;
      case 'move':
      case 'copy': {
        if (operation.from === undefined) fail(index, `"${operation.op}" needs a "from"`);
        const value =
          operation.op === 'move'
            ? remove(result, operation.from, index)
            : clone(read(result, operation.from, index));
        result = add(result, operation.path, value, index, false);
        break;
      }
      case 'test':
        if (JSON.stringify(read(result, operation.path, index)) !== JSON.stringify(operation.value)) {
          fail(index, `the value at "${operation.path}" is not the expected one`);
        }
        break;
    }
  });
  return result as T;
}
