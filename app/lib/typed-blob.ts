/**
 * Typed arrays kept in blob columns (bytea on PostgreSQL): little-endian as the machine writes them, read back by
 * copying, since a Buffer the driver hands back may come from a pool and need not be aligned to the element size.
 * A collection's stored series (float32) and a snapshot's node group series (float32 and float64) use them.
 */

/** A typed array's bytes as a Buffer for a blob column (no copy). */
export function blobOf(a: Float32Array | Float64Array): Buffer {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength);
}

/** A blob's bytes as a typed array of `type` (copied; trailing bytes short of an element are dropped). */
export function typedFromBlob<T extends Float32Array | Float64Array>(b: Uint8Array, type: { new (buffer: ArrayBuffer): T; BYTES_PER_ELEMENT: number }): T {
  const copy = new Uint8Array(b.byteLength - (b.byteLength % type.BYTES_PER_ELEMENT));
  copy.set(b.subarray(0, copy.byteLength));
  return new type(copy.buffer);
}
