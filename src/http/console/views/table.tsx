// Tables, facts and pagers: the shapes every list and every entity's page share.
import { escape } from './escape.ts';

/** A table with its caption and column headers; `rows` are its <tr> elements. */
export function Table(props: { caption: string; headers: Array<string | false | undefined>; children?: JSX.Element[] }): JSX.Element {
  const { children } = props;
  return (
    <table>
      <caption>{escape(props.caption)}</caption>
      <thead>
        <tr>{props.headers.map((header) => (typeof header === 'string' ? <th scope="col">{escape(header)}</th> : ''))}</tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** A table, or `empty` ("No plans.") when there is nothing to list. */
export function TableOr<T>(props: {
  items: readonly T[];
  empty: string;
  caption: string;
  headers: Array<string | false | undefined>;
  row: (item: T) => JSX.Element;
}): JSX.Element {
  if (props.items.length === 0) return <p>{escape(props.empty)}</p>;
  return (
    <Table caption={props.caption} headers={props.headers}>
      {props.items.map(props.row)}
    </Table>
  );
}

/** Facts about one entity as a description list: [term, description, class of the description]. */
export type Fact = [term: string, description: JSX.Element | number | undefined, className?: string];

/** Text as a fact's description (escaped). */
export function fact(term: string, text: string | number | undefined, className?: string): Fact {
  return [term, typeof text === 'string' ? escape(text) : text, className];
}

function FactItem({ fact: [term, safeDescription, className] }: { fact: Fact }): JSX.Element {
  return (
    <>
      <dt>{escape(term)}</dt>
      <dd class={className}>{safeDescription}</dd>
    </>
  );
}

export function Facts({ facts }: { facts: Array<Fact | false | undefined> }): JSX.Element {
  return <dl class="facts">{facts.map((f) => (f ? <FactItem fact={f} /> : ''))}</dl>;
}

/** Previous/next links of a paged list (the admin services' pages, 0-based). */
export function Pager(props: { path: string; page: { number: number; totalPages: number }; query?: Record<string, string> }): JSX.Element {
  const { page } = props;
  if (page.totalPages <= 1) return '';
  const link = (number: number) => escape(`${props.path}?${new URLSearchParams({ ...props.query, page: String(number) }).toString()}`);
  return (
    <nav class="pager" aria-label="Pages">
      {page.number > 0 && <a href={link(page.number - 1)}>Previous page</a>}
      <span>
        Page {page.number + 1} of {page.totalPages}
      </span>
      {page.number + 1 < page.totalPages && <a href={link(page.number + 1)}>Next page</a>}
    </nav>
  );
}
