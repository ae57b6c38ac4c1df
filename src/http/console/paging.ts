// Previous/next links of a paged list (the admin services' pages, 0-based).
import { html, type Html } from './html.ts';

export function pager(path: string, page: { number: number; totalPages: number }, query: Record<string, string> = {}): Html {
  if (page.totalPages <= 1) return html``;
  const link = (number: number) => `${path}?${new URLSearchParams({ ...query, page: String(number) }).toString()}`;
  return html`<nav class="pager" aria-label="Pages">
    ${page.number > 0 && html`<a href="${link(page.number - 1)}">Previous page</a>`}
    <span>Page ${page.number + 1} of ${page.totalPages}</span>
    ${page.number + 1 < page.totalPages && html`<a href="${link(page.number + 1)}">Next page</a>`}
  </nav>`;
}
