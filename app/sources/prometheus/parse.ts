/**
 * Checks and reads the Prometheus HTTP API's JSON answers. Anything else (HTML from a proxy, a truncated body, a
 * matrix where a vector was asked for, a sample that is not [time, "value"]) throws PromAnswerError saying what
 * was wrong, never yields half an answer. Values that are not finite ("NaN", "+Inf") are dropped: they are
 * not measurements.
 */

export class PromAnswerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PromAnswerError";
  }
}

export type Labels = Record<string, string>;

export interface PromSeries {
  metric: Labels;
  /** Times in seconds, ascending. */
  t: number[];
  v: number[];
}
export type PromMatrix = PromSeries[];
export type PromVector = { metric: Labels; t: number; v: number }[];

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function dataOf(body: unknown, what: string): unknown {
  if (!isObject(body)) throw new PromAnswerError(`${what}: the answer is not a Prometheus API object`);
  if (body.status === "error") {
    throw new PromAnswerError(`${what}: Prometheus answered an error: ${typeof body.error === "string" ? body.error.slice(0, 200) : "no reason given"}`);
  }
  if (body.status !== "success") throw new PromAnswerError(`${what}: the answer has no "status": "success"`);
  if (!("data" in body)) throw new PromAnswerError(`${what}: the answer has no data`);
  return body.data;
}

function labelsOf(x: unknown, what: string): Labels {
  if (!isObject(x)) throw new PromAnswerError(`${what}: a series has no label set`);
  const out: Labels = {};
  for (const [k, v] of Object.entries(x)) {
    if (typeof v !== "string") throw new PromAnswerError(`${what}: label ${JSON.stringify(k).slice(0, 40)} is not text`);
    out[k] = v;
  }
  return out;
}

function point(x: unknown, what: string): [number, number] {
  if (!Array.isArray(x) || x.length !== 2 || typeof x[0] !== "number" || typeof x[1] !== "string" || !Number.isFinite(x[0])) {
    throw new PromAnswerError(`${what}: a sample is not [time, "value"]`);
  }
  if (x[1] === "NaN" || x[1] === "+Inf" || x[1] === "-Inf") return [x[0], Number.NaN];
  const v = Number(x[1]);
  if (x[1].trim() === "" || Number.isNaN(v)) throw new PromAnswerError(`${what}: a sample value is not a number`);
  return [x[0], v];
}

function resultOf(body: unknown, type: "matrix" | "vector", what: string): unknown[] {
  const data = dataOf(body, what);
  if (!isObject(data)) throw new PromAnswerError(`${what}: the data is not an object`);
  if (data.resultType !== type) throw new PromAnswerError(`${what}: expected a ${type}, got ${JSON.stringify(data.resultType ?? null).slice(0, 40)}`);
  if (!Array.isArray(data.result)) throw new PromAnswerError(`${what}: the result is not a list`);
  return data.result;
}

export function parseMatrix(body: unknown): PromMatrix {
  const what = "query_range";
  return resultOf(body, "matrix", what).map((s) => {
    if (!isObject(s) || !Array.isArray(s.values)) throw new PromAnswerError(`${what}: a series has no values`);
    const t: number[] = [];
    const v: number[] = [];
    for (const p of s.values) {
      const [ts, value] = point(p, what);
      if (!Number.isFinite(value)) continue;
      t.push(ts);
      v.push(value);
    }
    return { metric: labelsOf(s.metric, what), t, v };
  });
}

export function parseVector(body: unknown): PromVector {
  const what = "query";
  const out: PromVector = [];
  for (const s of resultOf(body, "vector", what)) {
    if (!isObject(s)) throw new PromAnswerError(`${what}: a sample is not an object`);
    const [t, v] = point(s.value, what);
    if (Number.isFinite(v)) out.push({ metric: labelsOf(s.metric, what), t, v });
  }
  return out;
}

export function parseSeries(body: unknown): Labels[] {
  const what = "series";
  const data = dataOf(body, what);
  if (!Array.isArray(data)) throw new PromAnswerError(`${what}: the data is not a list`);
  return data.map((x) => labelsOf(x, what));
}

export function parseLabelValues(body: unknown): string[] {
  const what = "label values";
  const data = dataOf(body, what);
  if (!Array.isArray(data) || data.some((x) => typeof x !== "string")) throw new PromAnswerError(`${what}: the data is not a list of text`);
  return data as string[];
}

export function parseBuildInfo(body: unknown): { version: string } {
  const what = "buildinfo";
  const data = dataOf(body, what);
  if (!isObject(data) || typeof data.version !== "string") throw new PromAnswerError(`${what}: no version in the answer`);
  return { version: data.version };
}
