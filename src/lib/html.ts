// HTML written by a tagged template that escapes every interpolated value unless it is already Html
// (made by this template or by raw()). Arrays of Html are joined; undefined, null and false render
// nothing, so `${cond && html`…`}` reads naturally. Used by the pages outside the console (the
// price-information page): the console has views of its own.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/** Markup trusted as it is: only for constants of the code, never for anything a request or the database supplied. */
export function raw(text: string): Html {
  return new Html(text);
}

function render(value: unknown): string {
  if (value === undefined || value === null || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value));
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]) + strings[i + 1]!;
  return new Html(out);
}
