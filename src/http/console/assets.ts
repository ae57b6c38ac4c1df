// The console's one stylesheet, served at /console/console.css (the pages carry no style attributes:
// the Content-Security-Policy allows styles from the console's own origin only). Colours keep a
// contrast of at least 4.5:1 against their backgrounds; every focusable element shows its focus.
export const CONSOLE_CSS = `
*, *::before, *::after { box-sizing: border-box; }
html { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; font-size: 100%; line-height: 1.5; color: #1b1b1b; background: #fff; }
body { margin: 0; }
a { color: #0b4f9c; }
a:hover { color: #07305f; }
:focus-visible { outline: 3px solid #0b4f9c; outline-offset: 2px; }
.skip-link { position: absolute; left: 0.5rem; top: -3rem; background: #fff; color: #0b4f9c; padding: 0.5rem 1rem; border: 2px solid #0b4f9c; z-index: 10; }
.skip-link:focus { top: 0.5rem; }
header.site { display: flex; flex-wrap: wrap; align-items: center; gap: 1rem; padding: 0.75rem 1.5rem; background: #14283d; color: #fff; }
header.site a { color: #fff; }
header.site .brand { font-weight: 700; margin-right: auto; text-decoration: none; }
header.site nav ul { display: flex; flex-wrap: wrap; gap: 1rem; list-style: none; margin: 0; padding: 0; }
header.site nav a[aria-current="page"] { text-decoration-thickness: 3px; }
header.site form { margin: 0; }
header.site .who { font-size: 0.9rem; }
header.site button { background: #fff; color: #14283d; border: 2px solid #fff; }
header.site :focus-visible { outline-color: #fff; }
main { max-width: 72rem; padding: 1.5rem; margin: 0 auto; }
h1 { font-size: 1.75rem; margin: 0 0 1rem; }
/* A long URL (a webhook endpoint's, up to 2,048 characters) wraps instead of widening the page. */
h1, dl.facts dd { overflow-wrap: anywhere; }
h2 { font-size: 1.35rem; margin: 2rem 0 0.75rem; }
h3 { font-size: 1.1rem; margin: 1.5rem 0 0.5rem; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; }
caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.4rem 0.6rem; border-bottom: 1px solid #8a8a8a; }
thead th { background: #eef1f5; }
td ol { margin: 0; padding-left: 1.25rem; }
form.stacked { max-width: 48rem; }
fieldset { border: 1px solid #8a8a8a; padding: 0.75rem 1rem; margin: 0 0 1rem; }
legend { font-weight: 600; padding: 0 0.25rem; }
.field { margin: 0 0 0.9rem; }
.field label { display: block; font-weight: 600; margin-bottom: 0.2rem; }
.field.checkbox label { display: inline; font-weight: 400; margin-left: 0.35rem; }
input[type="text"], input[type="password"], input[type="number"], input[type="search"], select, textarea {
  font: inherit; padding: 0.4rem 0.5rem; border: 1px solid #595959; border-radius: 3px; width: 100%; max-width: 32rem; background: #fff; color: #1b1b1b;
}
textarea { min-height: 4rem; }
input[aria-invalid="true"], select[aria-invalid="true"], textarea[aria-invalid="true"] { border: 2px solid #b3001b; }
.hint { display: block; font-size: 0.9rem; color: #4a4a4a; }
.error { display: block; color: #b3001b; font-weight: 600; }
button, a.button { font: inherit; padding: 0.45rem 1rem; border-radius: 3px; border: 2px solid #0b4f9c; background: #0b4f9c; color: #fff; cursor: pointer; }
a.button { display: inline-block; text-decoration: none; }
button.secondary { background: #fff; color: #0b4f9c; }
button.danger { background: #a4161a; border-color: #a4161a; color: #fff; }
.actions { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: center; margin: 1rem 0; }
.actions form { margin: 0; }
.notice { border-left: 6px solid #1f7a3a; background: #eef7f0; padding: 0.75rem 1rem; margin: 0 0 1rem; }
.problem { border-left: 6px solid #b3001b; background: #fbeff1; padding: 0.75rem 1rem; margin: 0 0 1rem; }
.secret { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 1.05rem; background: #f3f3f3; padding: 0.5rem; word-break: break-all; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dl.facts dt { font-weight: 600; }
dl.facts dd { margin: 0; }
.filters { display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: flex-end; }
.filters .field { margin: 0; }
.pager { display: flex; gap: 1rem; }
code, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; }
`;
