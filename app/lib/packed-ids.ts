/**
 * A long list of ids kept as one string and the offsets into it. A grid's cached row order holds one id per row
 * (500,000 at the largest fleet); as an array of strings each id costs its own string object besides its
 * characters and the slot pointing at it (~40 bytes for a 16-character id), packed ~20. Pages read it a slice at
 * a time.
 *
 * An order by a column (nulls last, ties by id in the same direction) also knows where its nulls begin, so the
 * opposite direction is the same ids read the other way round in two parts: a user's second click on a column
 * header costs a pass over the positions, not another sort of every row (issue 13).
 */
interface Parts {
  text: string;
  offsets: Uint32Array;
  /** Position → stored index; null: the stored order. */
  order: Uint32Array | null;
}

export class PackedIds {
  readonly #text: string;
  readonly #offsets: Uint32Array;
  readonly #order: Uint32Array | null;
  /**
   * For an order by a column: the position of the first row without a value (the rows from there on sort last in
   * either direction); null when the order is not one whose opposite is its reverse (a search's ranked matches).
   */
  readonly nullsFrom: number | null;

  constructor(ids: readonly string[] | Parts, nullsFrom: number | null = null) {
    if (Array.isArray(ids)) {
      const list = ids as readonly string[];
      const offsets = new Uint32Array(list.length + 1);
      let at = 0;
      for (let i = 0; i < list.length; i++) offsets[i + 1] = at += list[i].length;
      this.#offsets = offsets;
      this.#text = list.join("");
      this.#order = null;
    } else {
      const parts = ids as Parts;
      this.#offsets = parts.offsets;
      this.#text = parts.text;
      this.#order = parts.order;
    }
    if (nullsFrom !== null && !(Number.isInteger(nullsFrom) && nullsFrom >= 0 && nullsFrom <= this.length)) throw new RangeError(`nullsFrom ${nullsFrom} outside 0..${this.length}`);
    this.nullsFrom = nullsFrom;
  }

  get length(): number {
    return this.#offsets.length - 1;
  }

  #stored(position: number): number {
    return this.#order ? this.#order[position] : position;
  }

  /** The ids from `start` up to (not including) `end`, as Array.prototype.slice takes them (no negative indexes). */
  slice(start: number, end: number = this.length): string[] {
    const from = Math.max(0, Math.min(start, this.length));
    const to = Math.max(from, Math.min(end, this.length));
    const out: string[] = new Array(to - from);
    for (let i = from; i < to; i++) {
      const j = this.#stored(i);
      out[i - from] = this.#text.slice(this.#offsets[j], this.#offsets[j + 1]);
    }
    return out;
  }

  /**
   * The order of the same column the other way: the rows with a value reversed, then the rows without one reversed
   * (their ties by id turn too). Shares the ids; holds four bytes a row. Undefined when nullsFrom is not known.
   */
  opposite(): PackedIds | undefined {
    const k = this.nullsFrom;
    if (k === null) return undefined;
    const n = this.length;
    const order = new Uint32Array(n);
    for (let i = 0; i < k; i++) order[i] = this.#stored(k - 1 - i);
    for (let i = k; i < n; i++) order[i] = this.#stored(n - 1 - (i - k));
    return new PackedIds({ text: this.#text, offsets: this.#offsets, order }, k);
  }

  /**
   * Memory held, about: two bytes a character at most, four per offset (and per position of a reordered view). A
   * view counts the ids it shares with the order it came from, so a cache bounded by this errs towards holding less.
   */
  get bytes(): number {
    return this.#text.length * 2 + this.#offsets.byteLength + (this.#order?.byteLength ?? 0);
  }
}
