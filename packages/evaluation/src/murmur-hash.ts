const C1 = 0xcc9e2d51;
const C2 = 0x1b873593;

// One scratch buffer reused by every call: evaluation is synchronous, and hashing runs for every flag of
// every request, so a fresh Uint8Array (or TextEncoder result) per hash would be wasted garbage.
let scratch = new Uint8Array(256);

function ensureCapacity(size: number): void {
  if (scratch.length >= size) return;
  const grown = new Uint8Array(Math.max(size, scratch.length * 2));
  grown.set(scratch);
  scratch = grown;
}

/** Appends the UTF-8 bytes of `text` to the scratch buffer at `offset`; returns the new length. */
function writeUtf8(text: string, offset: number): number {
  // Worst case is 3 bytes per UTF-16 unit (a surrogate pair is 2 units for 4 bytes).
  ensureCapacity(offset + text.length * 3);
  const bytes = scratch;
  let at = offset;
  for (let index = 0; index < text.length; index += 1) {
    let code = text.charCodeAt(index);
    if (code < 0x80) {
      bytes[at++] = code;
      continue;
    }
    if (code < 0x800) {
      bytes[at++] = 0xc0 | (code >> 6);
      bytes[at++] = 0x80 | (code & 0x3f);
      continue;
    }
    if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const low = text.charCodeAt(index + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        code = 0x10000 + ((code - 0xd800) << 10) + (low - 0xdc00);
        index += 1;
        bytes[at++] = 0xf0 | (code >> 18);
        bytes[at++] = 0x80 | ((code >> 12) & 0x3f);
        bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
        bytes[at++] = 0x80 | (code & 0x3f);
        continue;
      }
    }
    // A lone surrogate becomes U+FFFD, as TextEncoder (and Rust's lossy conversion) would make it.
    if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
    bytes[at++] = 0xe0 | (code >> 12);
    bytes[at++] = 0x80 | ((code >> 6) & 0x3f);
    bytes[at++] = 0x80 | (code & 0x3f);
  }
  return at;
}

function rotateLeft(value: number, bits: number): number {
  return (value << bits) | (value >>> (32 - bits));
}

function mixBlock(block: number): number {
  return Math.imul(rotateLeft(Math.imul(block, C1), 15), C2);
}

/** Mixes the whole 4-byte blocks of bytes[0, blockEnd) into `hash`. */
function mixBlocks(bytes: Uint8Array, blockEnd: number, hash: number): number {
  for (let index = 0; index < blockEnd; index += 4) {
    const block =
      (bytes[index] ?? 0) |
      ((bytes[index + 1] ?? 0) << 8) |
      ((bytes[index + 2] ?? 0) << 16) |
      ((bytes[index + 3] ?? 0) << 24);
    hash ^= mixBlock(block);
    hash = rotateLeft(hash, 13);
    hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
  }
  return hash;
}

/** MurmurHash3 x86 32-bit over `length` bytes of the scratch buffer, as an unsigned integer. */
function hashScratch(length: number, seed: number): number {
  return finishScratch(length, seed | 0, 0);
}

/**
 * Finishes a hash whose first `mixedBytes` bytes are already mixed into `state`: mixes the `length` bytes of the
 * scratch buffer that follow them, then the tail and the finalisation over the whole length.
 */
function finishScratch(length: number, state: number, mixedBytes: number): number {
  const bytes = scratch;
  const blockEnd = length - (length % 4);
  let hash = mixBlocks(bytes, blockEnd, state);

  let tail = 0;
  switch (length % 4) {
    case 3:
      tail ^= (bytes[blockEnd + 2] ?? 0) << 16;
    // falls through
    case 2:
      tail ^= (bytes[blockEnd + 1] ?? 0) << 8;
    // falls through
    case 1:
      tail ^= bytes[blockEnd] ?? 0;
      hash ^= mixBlock(tail);
  }

  return finalise(hash ^ (mixedBytes + length));
}

/** MurmurHash3's final avalanche, after the length is mixed in, as an unsigned integer. */
function finalise(hash: number): number {
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return hash >>> 0;
}

/**
 * MurmurHash3, x86 32-bit variant, over the UTF-8 bytes of `input`, as an unsigned integer.
 * UTF-8 is what the Yggdrasil engine behind most SDKs hashes; the Node SDK differs only for non-ASCII input.
 */
export function murmurHash3(input: string, seed = 0): number {
  return hashScratch(writeUtf8(input, 0), seed);
}

/** The hash of `"<prefix>:<suffix>"` without building the joined string. */
export function murmurHash3Joined(prefix: string, suffix: string, seed = 0): number {
  let length = writeUtf8(prefix, 0);
  ensureCapacity(length + 1);
  scratch[length++] = 0x3a; // ':'
  return hashScratch(writeUtf8(suffix, length), seed);
}

/**
 * A hasher for `"<prefix>:<suffix>"` with a fixed prefix, such as a strategy's groupId: the prefix is encoded and
 * its whole blocks mixed once, so each call only mixes the suffix's blocks. Same results as murmurHash3Joined.
 */
export function createJoinedHasher(prefix: string, seed = 0): (suffix: string) => number {
  const head = new TextEncoder().encode(`${prefix}:`);
  const mixedBytes = head.length - (head.length % 4);
  const state = mixBlocks(head, mixedBytes, seed | 0);
  // The 0-3 prefix bytes after its whole blocks start the suffix's first block.
  const restLength = head.length - mixedBytes;
  let restWord = 0;
  for (let i = 0; i < restLength; i++) restWord |= (head[mixedBytes + i] ?? 0) << (8 * i);
  return (suffix) => {
    const words = suffixWords(suffix, restLength);
    const length = restLength + lastSuffixLength;
    const fullBlocks = length >>> 2;
    let hash = state;
    for (let k = 0; k < fullBlocks; k++) {
      hash ^= mixBlock(k === 0 ? words[0]! | restWord : words[k]!);
      hash = rotateLeft(hash, 13);
      hash = (Math.imul(hash, 5) + 0xe6546b64) | 0;
    }
    if (length & 3) hash ^= mixBlock(fullBlocks === 0 ? words[0]! | restWord : words[fullBlocks]!);
    return finalise(hash ^ (mixedBytes + length));
  };
}

// Evaluating every flag for one context hashes the same id (the userId, say) hundreds of times in a row, each
// with another prefix: its UTF-8 bytes are packed into 32-bit block words once per offset (the 0-3 prefix bytes
// that precede it in its first block) and reused while it stays the same.
let lastSuffix: string | undefined;
let lastSuffixLength = 0;
let lastSuffixBytes = new Uint8Array(0);
const lastSuffixWords: (Int32Array | undefined)[] = [undefined, undefined, undefined, undefined];

function suffixWords(suffix: string, offset: number): Int32Array {
  if (suffix !== lastSuffix) {
    lastSuffixLength = writeUtf8(suffix, 0);
    lastSuffixBytes = scratch.slice(0, lastSuffixLength);
    lastSuffix = suffix;
    lastSuffixWords.fill(undefined);
  }
  let words = lastSuffixWords[offset];
  if (!words) {
    // The suffix's bytes as they fall in blocks after `offset` bytes of prefix, which stay zero here.
    words = new Int32Array((offset + lastSuffixLength + 3) >>> 2 || 1);
    for (let i = 0; i < lastSuffixLength; i++) {
      const at = offset + i;
      words[at >>> 2] = (words[at >>> 2] ?? 0) | ((lastSuffixBytes[i] ?? 0) << (8 * (at & 3)));
    }
    lastSuffixWords[offset] = words;
  }
  return words;
}
