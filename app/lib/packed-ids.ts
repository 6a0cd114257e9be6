/**
 * A long list of ids kept as one string and the offsets into it. A grid's cached row order holds one id per row
 * (500,000 at the largest fleet); as an array of strings each id costs its own string object besides its
 * characters and the slot pointing at it (~40 bytes for a 16-character id), packed ~20. Pages read it a slice at
 * a time.
 */
export class PackedIds {
  readonly #text: string;
  readonly #offsets: Uint32Array;

  constructor(ids: readonly string[]) {
    const offsets = new Uint32Array(ids.length + 1);
    let at = 0;
    for (let i = 0; i < ids.length; i++) offsets[i + 1] = at += ids[i].length;
    this.#offsets = offsets;
    this.#text = ids.join("");
  }

  get length(): number {
    return this.#offsets.length - 1;
  }

  /** The ids from `start` up to (not including) `end`, as Array.prototype.slice takes them (no negative indexes). */
  slice(start: number, end: number = this.length): string[] {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    const out: string[] = new Array(to - from);
    for (let i = from; i < to; i++) out[i - from] = this.#text.slice(this.#offsets[i], this.#offsets[i + 1]);
    return out;
  }

  /** Memory held, about: two bytes a character at most, four per offset. */
  get bytes(): number {
    return this.#text.length * 2 + this.#offsets.byteLength;
  }
}
