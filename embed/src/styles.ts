// Shadow DOM styles. Pages theme the components through these custom properties (they inherit
// into the shadow tree) and through ::part(); every default is overridable.
//   --pm-font-family  --pm-text-color   --pm-muted-color  --pm-background
//   --pm-accent-color --pm-border-color --pm-radius       --pm-gap        --pm-focus-color

const BASE = `
:host{display:block;font-family:var(--pm-font-family,inherit);color:var(--pm-text-color,inherit);line-height:1.4}
[hidden]{display:none!important}
.sr-only{position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap;border:0}
[part~=state]:not(:empty){padding:.75rem 0;color:var(--pm-muted-color,inherit)}
[part~=disclosure],[part~=disclosure-text],[part~=disclosure-warning]{display:block}
[part~=disclosure-warning]{margin-top:.25rem;font-weight:600}
[part~=apr]{font-weight:700}
`;
// The annual percentage rate must be at least as large and as heavy as the monthly cost beside it:
// in the selector the disclosure has the subtitle's size and the rate is bold; in the details the
// plan costs are 600 and the rate 700. A page that enlarges ::part(subtitle) or ::part(plan-cost)
// enlarges ::part(apr) with it.

export const SELECTOR_CSS = `${BASE}
[part~=group]{display:grid;gap:var(--pm-gap,.5rem)}
[part~=group][aria-busy=true]{opacity:.6}
[part~=option]{display:flex;align-items:flex-start;gap:.75rem;padding:.75rem 1rem;cursor:pointer;
  background:var(--pm-background,transparent);border:1px solid var(--pm-border-color,#8a8a8a);border-radius:var(--pm-radius,.5rem)}
[part~=option]:focus{outline:none}
[part~=option]:focus-visible{outline:2px solid var(--pm-focus-color,var(--pm-accent-color,#0b5fff));outline-offset:2px}
[part~=checked]{border-color:var(--pm-accent-color,#0b5fff);box-shadow:inset 0 0 0 1px var(--pm-accent-color,#0b5fff)}
[part~=indicator]{flex:none;box-sizing:border-box;width:1.125rem;height:1.125rem;margin-top:.1rem;border-radius:50%;
  border:2px solid var(--pm-border-color,#8a8a8a)}
[part~=checked] [part~=indicator]{border:5px solid var(--pm-accent-color,#0b5fff)}
[part~=title]{display:block;font-weight:600}
[part~=subtitle]{display:block;font-size:.875em;color:var(--pm-muted-color,inherit)}
[part~=retry]{margin-inline-start:.5rem;font:inherit;cursor:pointer}
[part~=disclosure]{margin-top:.25rem;font-size:.875em;color:var(--pm-muted-color,inherit)}
.item{position:relative}
/* The price-information link is the radio's sibling (a radio's content is presentational) but shows
   inside its box, aligned with the text, in room the radio leaves at its foot. */
.with-link{padding-bottom:calc(1rem + 1.25em)}
.item>[part~=link]{position:absolute;bottom:.75rem;inset-inline-start:calc(2.875rem + 1px);font-size:.875em;
  color:var(--pm-accent-color,#0b5fff)}
.item>[part~=link]:focus-visible{outline:2px solid var(--pm-focus-color,var(--pm-accent-color,#0b5fff));outline-offset:2px}
@media (forced-colors:active){[part~=checked] [part~=indicator]{border-color:Highlight}}
`;

export const DETAILS_CSS = `${BASE}
[part~=method]+[part~=method]{margin-top:1rem}
[part~=method-name]{margin:0 0 .25rem;font-weight:600}
[part~=description]{margin:0 0 .5rem}
[part~=plans]{list-style:none;margin:0;padding:0;display:grid;gap:var(--pm-gap,.5rem)}
[part~=plan]{padding:.5rem .75rem;border:1px solid var(--pm-border-color,#8a8a8a);border-radius:var(--pm-radius,.5rem);
  background:var(--pm-background,transparent)}
[part~=plan-cost]{display:block;font-weight:600}
[part~=plan-name]{display:block}
[part~=plan-terms]{display:grid;grid-template-columns:auto 1fr;gap:0 .75rem;margin:.25rem 0 0;font-size:.875em;
  color:var(--pm-muted-color,inherit)}
[part~=plan-terms] dd{margin:0}
[part~=link]{display:inline-block;margin-top:.5rem;color:var(--pm-accent-color,#0b5fff)}
[part~=credit]{margin-bottom:1rem}
`;
