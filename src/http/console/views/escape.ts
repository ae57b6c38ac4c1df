// Text and attribute values of the console's pages. @kitajs/html escapes neither text children
// (only a `safe` attribute does, and its entities differ from the ones the pages have always had)
// nor, in attributes, anything but `"`: every value a request or the database supplied goes through
// escape(), which `npm run lint:static`'s xss-scan recognises by its name. Markup of these views
// (JSX elements, arrays of them) needs nothing.
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escape(value: string | number): string {
  return String(value).replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
