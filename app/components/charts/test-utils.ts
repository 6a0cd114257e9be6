/** Test helpers: render a component to static markup (as the server does) and read SVG elements back out of it. */
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";

export function render<P extends object>(component: FunctionComponent<P>, props: P): string {
  return renderToStaticMarkup(createElement(component, props));
}

export interface Tag {
  name: string;
  attrs: Record<string, string>;
  /** Offset of the tag in the markup. */
  at: number;
}

const decode = (s: string) => s.replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/** Every opening tag (optionally only those named `name`) with its attributes, in document order. */
export function tags(html: string, name?: string): Tag[] {
  const out: Tag[] = [];
  const re = /<([a-zA-Z][\w-]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>/g;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (name && m[1] !== name) continue;
    const attrs: Record<string, string> = {};
    for (const a of m[2].matchAll(/([^\s=>/]+)(?:="([^"]*)")?/g)) attrs[a[1]] = decode(a[2] ?? "");
    out.push({ name: m[1], attrs, at: m.index });
  }
  return out;
}

/** The tags carrying an attribute (any value, or a given one). */
export function withAttr(html: string, attr: string, value?: string): Tag[] {
  return tags(html).filter((t) => attr in t.attrs && (value === undefined || t.attrs[attr] === value));
}

/** A numeric attribute; a percentage ("12.5%", the charts' x) reads as its number. */
export const num = (t: Tag, attr: string) => parseFloat(t.attrs[attr]);

/** The text of the first <text> element carrying attr="value". */
export function textOf(html: string, attr: string, value: string): string | undefined {
  const re = new RegExp(`<text[^>]*\\s${attr}="${value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}"[^>]*>([^<]*)</text>`);
  const m = re.exec(html);
  return m ? decode(m[1]) : undefined;
}
