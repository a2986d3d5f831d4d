// Deterministic choice and wording for the offline writer: a random generator seeded from the inputs (so the same
// form gives the same post, and a different form a different one) and template filling.
import { capitalise } from "../brief.ts";

/** FNV-1a, enough to spread a seed; not for anything secret. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: small, fast and good enough to vary wording. */
export function seededRandom(seed: string): () => number {
  let state = hash(seed);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Vars = Record<string, string>;

/** A sentence template, alternatives of which one is chosen, or finished text that is used as it is. */
export type Template = string | readonly string[] | { readonly literal: string };

export class Composer {
  constructor(
    private readonly random: () => number,
    private readonly vars: Vars,
  ) {}

  /** A number in [0, 1) from the seeded sequence. */
  roll(): number {
    return this.random();
  }

  pick<T>(list: readonly T[]): T {
    const item = list[Math.floor(this.random() * list.length)];
    if (item === undefined) throw new Error("pick from an empty list");
    return item;
  }

  /** The list in a seeded order. */
  shuffle<T>(list: readonly T[]): T[] {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  }

  /** Fills {name} placeholders; a sentence starts with a capital. Unknown names are a programming error. */
  fill(template: Template, extra: Vars = {}): string {
    if (typeof template === "object" && "literal" in template) return template.literal;
    const text = typeof template === "string" ? template : this.pick(template);
    const filled = text.replace(/\{(\w+)\}/g, (_, name: string) => {
      const value = extra[name] ?? this.vars[name];
      if (value === undefined) throw new Error(`template variable ${name} is not set`);
      return value;
    });
    return capitalise(filled);
  }

  /** A paragraph from sentence templates; empty strings (optional sentences left out) are skipped. */
  paragraph(templates: readonly Template[], extra: Vars = {}): string {
    return templates
      .map((t) => (typeof t === "string" && t === "" ? "" : this.fill(t, extra)))
      .filter(Boolean)
      .join(" ");
  }
}
